import { postalAddress, sessionHeaders, storageKeys, storeDetails, type StoreContact } from '@threadline/contracts';

export const legalTabIds = ['terms', 'privacy', 'returns', 'cookies', 'accessibility'] as const;
export type LegalTabId = (typeof legalTabIds)[number];

/** A paragraph, or a bulleted list. */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  id: LegalTabId;
  /** The tab's name. */
  label: string;
  summary: string;
  sections: readonly LegalSection[];
}

export const legalLastUpdated = 'November 2026';

/** SPEC §9: the promises every policy below repeats, stated once. */
const policy = {
  returnDays: 14,
  refundBusinessDays: 7,
  dispatch: '1-2 business days',
  childAge: 13,
  welcomeDiscount: '20%',
  wholesaleMinimum: 15,
} as const;

/** The policies, naming the store and how to reach it as the owner set them (settings). */
export function legalDocuments(store: StoreContact): readonly LegalDocument[] {
  const { name, legalName, chat, cardProvider } = storeDetails;
  const { email, phone, city, chat_number: chatNumber } = store;
  const storeAddress = postalAddress(store);

  const terms: LegalDocument = {
    id: 'terms',
    label: 'Terms of Service',
    summary: `The agreement between you and ${name} when you browse the shop, create an account or place an order.`,
    sections: [
      {
        heading: 'Who we are',
        blocks: [
          `${legalName} ("${name}", "we", "us") runs this online shop and the store at ${storeAddress}. These terms apply whenever you use the site, create an account or place an order. By placing an order you accept them, so please read them together with our Privacy Policy and our Returns & Refunds Policy.`,
        ],
      },
      {
        heading: 'Your account',
        blocks: [
          [
            'You can shop as a guest or create an account. If you create one, keep your password to yourself and tell us straight away if you think someone else has used it.',
            'Give us accurate details, especially your e-mail address, phone number and delivery address, so that we can reach you about your order.',
            'We may suspend an account that is used for fraud, for abusing promotions or for anything unlawful.',
          ],
        ],
      },
      {
        heading: 'Products, sizes and colours',
        blocks: [
          'We describe and photograph every item as accurately as we can. Colours can look slightly different from one screen to another, and sizing varies between brands, so check the size details on each product page before you buy.',
          'Stock levels are shown in good faith and can change quickly. An item is set aside for you only once your order has been placed.',
        ],
      },
      {
        heading: 'Prices and currency',
        blocks: [
          'Our prices are set in Jamaican dollars (JMD). The price shown for an item is the price you pay for it; no tax is added at checkout.',
          'You can choose to see prices in US dollars (USD). Those amounts are converted from JMD with exchange rates we refresh at most once a day, so treat them as a guide: if your card is in another currency, your bank applies its own rate and fees.',
          'If we have made an obvious pricing mistake, we will contact you before your order ships. You can then confirm the order at the correct price or cancel it for a full refund.',
        ],
      },
      {
        heading: 'Offers and wholesale',
        blocks: [
          `Our welcome code gives ${policy.welcomeDiscount} off your first order. It can be used once per customer, cannot be exchanged for cash and, unless an offer says otherwise, cannot be combined with other codes.`,
          `Wholesale prices apply to orders of at least ${policy.wholesaleMinimum} items per style. Contact us to set up a wholesale account.`,
        ],
      },
      {
        heading: 'Orders and payment',
        blocks: [
          'Your order is an offer to buy. We accept it when we send you an order confirmation by e-mail. If an item turns out to be unavailable, we will tell you and refund in full anything you paid for it.',
          [
            `Card payments are processed securely by ${cardProvider} on its own payment page. We never see or store your full card number.`,
            'Cash on delivery: you pay in cash when your order is handed over to you.',
            'A card order that is not paid for may be cancelled after a reasonable time.',
          ],
        ],
      },
      {
        heading: 'Delivery and pickup',
        blocks: [
          `We prepare and ship orders within ${policy.dispatch} after payment (for cash-on-delivery orders, after we confirm the order with you). Delivery time after that depends on your parish and the courier; we send tracking details by e-mail where they are available.`,
          `Pickup from our ${city} store is free. We e-mail you when your order is ready; please bring your order number and a photo ID.`,
          'Delivery charges depend on your location. The goods become your responsibility once they are delivered to you or collected.',
        ],
      },
      {
        heading: 'Returns and refunds',
        blocks: [
          `You may return new, unopened items within ${policy.returnDays} days of delivery. Our Returns & Refunds Policy explains how, and when your money comes back. Nothing in these terms limits your rights under Jamaica's Consumer Protection Act.`,
        ],
      },
      {
        heading: 'Using the site',
        blocks: [
          [
            'Do not use the site for anything unlawful or fraudulent.',
            'Do not try to get around its security, disrupt it, or copy it in bulk by automated means.',
            'Do not send anything abusive or misleading through our forms.',
          ],
          `The site's text, photographs, logos and designs belong to ${name} or to our suppliers. Please do not reuse them without our permission.`,
        ],
      },
      {
        heading: 'Our responsibility to you',
        blocks: [
          'We are responsible for loss you suffer that is a foreseeable result of our breaking these terms or failing to take reasonable care. We are not responsible for loss that was not foreseeable, for lost profits on goods bought for resale (other than under a wholesale agreement), or for delays caused by events outside our control, such as severe weather or courier disruption.',
          'Nothing in these terms excludes any liability that the law does not allow us to exclude.',
        ],
      },
      {
        heading: 'Law and disputes',
        blocks: [
          'These terms are governed by the laws of Jamaica, and the courts of Jamaica may hear any dispute about them. If something goes wrong, please contact us first: most problems are put right quickly.',
        ],
      },
      {
        heading: 'Changes and contact',
        blocks: [
          'We may update these terms from time to time. The version on this page when you place an order applies to that order.',
          `Questions? E-mail ${email}, call ${phone}, or write to ${legalName}, ${storeAddress}.`,
        ],
      },
    ],
  };

  const privacy: LegalDocument = {
    id: 'privacy',
    label: 'Privacy Policy',
    summary: 'What personal data we collect, why we need it, who we share it with, and the choices you have.',
    sections: [
      {
        heading: 'Who is responsible',
        blocks: [
          `${legalName}, ${storeAddress}, is responsible for the personal data described in this policy. We handle it in line with Jamaica's Data Protection Act, 2020. For any question about your data, e-mail ${email} or call ${phone}.`,
        ],
      },
      {
        heading: 'What we collect',
        blocks: [
          [
            'Account details: your name, e-mail address and password, and, if you choose to add them, your phone number, date of birth and profile picture.',
            `Order details: what you bought, your delivery address, the shipping method and how you paid. Card details are collected by ${cardProvider}, not by us.`,
            `Messages: what you send us through the contact form, by e-mail or on ${chat.label}.`,
            'Newsletter: your e-mail address and, if you give it, your first name.',
            'Technical data: your IP address, browser type and the pages you request, recorded in our server logs to keep the site secure and working.',
          ],
        ],
      },
      {
        heading: 'How we use it',
        blocks: [
          [
            'To take, deliver and support your orders, including returns and refunds.',
            'To run your account, wishlist and saved addresses.',
            'To answer your questions.',
            'To send our newsletter, only if you subscribed to it.',
            'To prevent fraud and misuse, and to meet our legal and accounting obligations.',
          ],
          'We use your data because we need it to carry out our agreement with you, because you have agreed to it (the newsletter), because the law requires it (for example, keeping sales records), or because we have a legitimate interest in running a safe shop.',
        ],
      },
      {
        heading: 'Who we share it with',
        blocks: [
          'We never sell your personal data. We share only what is needed, with:',
          [
            `${cardProvider}, which processes card payments;`,
            'the couriers who deliver your order (your name, phone number and address);',
            'the companies that host our site and send our e-mails, who handle data only on our instructions;',
            'public authorities, when the law requires it.',
          ],
          'Some of these providers store data outside Jamaica. When they do, we make sure your data keeps an adequate level of protection.',
        ],
      },
      {
        heading: 'How long we keep it',
        blocks: [
          [
            'Order and payment records: for as long as tax and accounting law requires.',
            'Account details: while your account is open, and for up to 30 days after you close it.',
            'Contact messages: for up to two years, so we can follow up on earlier conversations.',
            'Newsletter details: until you unsubscribe.',
            'Server logs: for up to 90 days.',
          ],
        ],
      },
      {
        heading: 'Your rights',
        blocks: [
          [
            'Ask for a copy of the personal data we hold about you.',
            'Have inaccurate data corrected.',
            'Ask us to delete data we no longer need.',
            'Object to direct marketing at any time; every newsletter has an unsubscribe link.',
            'Withdraw any consent you have given.',
          ],
          `To use any of these rights, e-mail ${email}. We reply within 30 days. If you are not satisfied with our answer, you may complain to the Office of the Information Commissioner of Jamaica.`,
        ],
      },
      {
        heading: 'Children',
        blocks: [
          `We sell children's clothing, but the shop is meant to be used by adults. We do not knowingly collect personal data from children under ${policy.childAge}. If you believe a child under ${policy.childAge} has given us personal data, contact us and we will delete it.`,
        ],
      },
      {
        heading: 'Security',
        blocks: [
          'The site is served over an encrypted connection, passwords are stored only as secure one-way hashes, and our staff see customer data only where their work needs it. No system is perfectly secure, so please choose a strong password that you do not use anywhere else.',
        ],
      },
      {
        heading: 'Changes to this policy',
        blocks: [
          'If we change this policy in a way that matters to you, we will say so on this page and let account holders know by e-mail.',
        ],
      },
    ],
  };

  const returns: LegalDocument = {
    id: 'returns',
    label: 'Returns & Refunds Policy',
    summary: `${policy.returnDays} days to change your mind on new, unopened items, with refunds to your original payment method.`,
    sections: [
      {
        heading: 'Our promise',
        blocks: [
          `If something isn't right, you can send it back. You have ${policy.returnDays} days from the day your order is delivered (or collected from our store) to return any item that is new and unopened, in its original packaging with its tags attached.`,
        ],
      },
      {
        heading: 'What can be returned',
        blocks: [
          [
            'New, unopened items in their original packaging, with tags attached.',
            'Items that arrived damaged or faulty, or that are not what you ordered.',
          ],
          'Items that have been worn, washed, used or altered, or whose packaging has been opened, cannot be returned unless they are faulty.',
        ],
      },
      {
        heading: 'How to return an item',
        blocks: [
          [
            `Within ${policy.returnDays} days of delivery, e-mail ${email} or message us on ${chat.label} at ${chatNumber} with your order number and the items you want to return.`,
            'We reply with a return number and instructions.',
            `Bring the items to our store at ${storeAddress}, or send them by courier to the same address, with the return number inside the parcel.`,
            'Keep your proof of postage until your refund arrives.',
          ],
        ],
      },
      {
        heading: 'Return shipping',
        blocks: [
          'You pay the cost of sending an item back, unless we made a mistake. If the item is faulty, arrived damaged or is not what you ordered, we pay for the return and refund any shipping you paid for it.',
        ],
      },
      {
        heading: 'Refunds',
        blocks: [
          `We inspect every return when it reaches us. Once it passes inspection, we refund you to your original payment method within ${policy.refundBusinessDays} business days.`,
          [
            `Card payments are refunded to the card you paid with, through ${cardProvider}. Your bank may take a few more days to show the credit.`,
            'Cash-on-delivery orders are refunded in cash at our store.',
          ],
          'If a return does not pass inspection, for example because it has been worn, we tell you why and send it back to you.',
        ],
      },
      {
        heading: 'Exchanges',
        blocks: [
          'We do not swap items directly. To change a size or colour, return the original for a refund and place a new order, so that you get the item you want while it is in stock.',
        ],
      },
      {
        heading: 'Faulty, damaged or wrong items',
        blocks: [
          `Please check your order when it arrives. If anything is damaged, faulty or not what you ordered, contact us within ${policy.returnDays} days of delivery with your order number and a photo, and we will arrange a replacement or a full refund, shipping included. This policy does not affect your rights under Jamaica's Consumer Protection Act.`,
        ],
      },
      {
        heading: 'Cancelling an order',
        blocks: [
          `You can cancel an order free of charge until it has shipped or is ready for pickup. We prepare and ship orders within ${policy.dispatch} after payment, so please contact us as soon as you can.`,
        ],
      },
    ],
  };

  const cookies: LegalDocument = {
    id: 'cookies',
    label: 'Cookies Policy',
    summary: 'The small pieces of information we keep in your browser, and why none of them is for advertising.',
    sections: [
      {
        heading: 'In short',
        blocks: [
          'We store only what the shop needs in order to work. We use no advertising or analytics cookies, and we do not let other companies track you on our site.',
        ],
      },
      {
        heading: 'The cookie we set',
        blocks: [
          `${sessionHeaders.csrfCookie}: a security cookie that proves a request to change your cart, account or orders really comes from our site. It is strictly necessary, lasts up to a year and is renewed when you visit.`,
        ],
      },
      {
        heading: 'What we keep in local storage',
        blocks: [
          'Local storage works like a cookie: it keeps small pieces of information in your browser, and only our own site can read it. We use it for:',
          [
            `${storageKeys.sessionKey}: links your browser to your cart and guest session.`,
            `${storageKeys.accessToken} and ${storageKeys.refreshToken}: keep you signed in, if you sign in.`,
            `${storageKeys.currency}, ${storageKeys.exchangeRates} and ${storageKeys.ratesLastFetched}: remember the currency you chose and the day's exchange rates, so prices show in your currency without a new look-up on every page.`,
            `${storageKeys.checkoutFormData} and ${storageKeys.returnUrl}: keep what you typed at checkout, and the page to come back to, when you sign in part-way through an order. They are removed once used.`,
          ],
        ],
      },
      {
        heading: 'Other companies',
        blocks: [
          [
            `When you pay by card you leave our site for ${cardProvider}'s payment page, which sets its own cookies under its own policy.`,
            'If you choose to sign in with Google, Google sets its own cookies under its own policy.',
            'The map on our contact page is a drawing that loads nothing from elsewhere. The interactive map opens on OpenStreetMap only if you ask for it, in a new tab.',
            `Our ${chat.label} link opens ${chat.label}, which has its own privacy policy.`,
          ],
        ],
      },
      {
        heading: 'Your choices',
        blocks: [
          'Because everything we store is needed for the shop to work, we do not ask for your consent to it. You can clear or block cookies and site data in your browser settings at any time; if you do, you will be signed out, and your guest cart and currency choice will be forgotten.',
          'If we ever add analytics or any other optional cookie, we will update this policy and ask for your consent first.',
        ],
      },
    ],
  };

  const accessibility: LegalDocument = {
    id: 'accessibility',
    label: 'Accessibility Statement',
    summary: 'Our commitment to a shop that everyone can use, and how to tell us when we fall short.',
    sections: [
      {
        heading: 'Our commitment',
        blocks: [
          `We want everyone to be able to browse and buy from ${name}, whatever device or assistive technology they use. We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.`,
        ],
      },
      {
        heading: 'What we have done',
        blocks: [
          [
            "Every page works with a keyboard alone, with a visible focus indicator and a 'Skip to main content' link.",
            'Pages use headings, landmarks and labelled form fields, so that screen readers can move around them.',
            'Text and controls meet the AA colour-contrast levels.',
            'Buttons and links are at least 44 by 44 pixels on touch screens.',
            'Animation is reduced when your device asks for reduced motion.',
            'Pages can be zoomed to 200% and work on screens as narrow as 320 pixels.',
            'Form errors appear next to the field they concern and are announced to screen readers.',
          ],
        ],
      },
      {
        heading: 'Known limitations',
        blocks: [
          [
            'Some product photos have short, generic descriptions. We are rewriting them.',
            `Card payments take place on ${cardProvider}'s payment page, which has its own accessibility statement.`,
            'The map on the contact page is a drawing described in text; the interactive map is provided by OpenStreetMap.',
          ],
        ],
      },
      {
        heading: 'How we test',
        blocks: [
          'Every change to the shop is checked with automated accessibility tests, and we test new pages by hand with a keyboard, at high zoom and on small screens.',
        ],
      },
      {
        heading: 'Feedback and help',
        blocks: [
          `If something is hard to use, or you need information in another format, tell us: e-mail ${email}, call ${phone} or message us on ${chat.label} at ${chatNumber}. We reply within one business day, and if a part of the shop stops you from ordering, we will help you complete your order another way.`,
        ],
      },
    ],
  };

  return [terms, privacy, returns, cookies, accessibility];
}
