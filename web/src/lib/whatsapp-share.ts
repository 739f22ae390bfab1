/**
 * WhatsApp's click-to-chat link with a message typed in (`https://wa.me/?text=…`): WhatsApp opens
 * with the text ready and the shopper picks whom to send it to. Jamaican shoppers share there first.
 */
export const whatsAppShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;
