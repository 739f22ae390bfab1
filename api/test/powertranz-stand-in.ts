import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for PowerTranz (First Atlantic Commerce) that follows the documented SPI calls
 * of its Hosted Payment Page integration ("SPI-HPP"):
 *  - `POST /api/spi/sale` with the PowerTranz-PowerTranzId and PowerTranz-PowerTranzPassword
 *    headers: answers IsoResponseCode "SP4", a SpiToken and RedirectData (the hosted page);
 *  - the hosted page: the shopper types a card and presses "Confirm Payment"; the page then posts
 *    the SPI response (IsoResponseCode "HP0", the SpiToken) to the sale's MerchantResponseUrl as the
 *    form field `Response`, through the browser, as the gateway does;
 *  - `POST /api/spi/payment` with the SpiToken as a JSON string: the payment completion, taken once
 *    per SpiToken (Approved, IsoResponseCode "00");
 *  - `POST /api/refund` with the headers and {Refund: true, TransactionIdentifier, TotalAmount,
 *    CurrencyCode}: never beyond what the sale has left.
 * Every request is checked against those shapes; what is wrong is listed in `problems`.
 */

export interface StandInSale {
  transactionIdentifier: string;
  orderIdentifier: string;
  /** Major units, as the gateway takes them. */
  totalAmount: number;
  currencyCode: string;
  spiToken: string;
  merchantResponseUrl: string;
  completions: number;
  captured: boolean;
  refunded: number;
}

export interface PowerTranzStandIn {
  /** The gateway's root, for POWERTRANZ_API_URL. */
  url: string;
  id: string;
  password: string;
  sales: StandInSale[];
  refunds: { transactionIdentifier: string; totalAmount: number; approved: boolean }[];
  /** What a request did wrong: a test expects none. */
  problems: string[];
  /** The SPI response the hosted page posts for a sale (the form field `Response`). */
  hostedPageResponse(sale: StandInSale, overrides?: Record<string, unknown>): string;
  /** The next payment completions of these SpiTokens are declined (IsoResponseCode "05"). */
  decline(spiToken: string): void;
  /** The payment completion of this SpiToken answers another amount than the sale's (a forged answer). */
  answerAmount(spiToken: string, totalAmount: number): void;
  /** The next payment completion fails with 503 before the gateway takes it (a gateway that is down). */
  failNextCompletion(): void;
  /** Holds each payment completion this long before it answers, as a distant gateway does. */
  slowCompletions(ms: number): void;
  close(): Promise<void>;
}

const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startPowerTranzStandIn({
  id = '88801234',
  password = 'stand-in-processing-password',
}: {
  id?: string;
  password?: string;
} = {}): Promise<PowerTranzStandIn> {
  const sales: StandInSale[] = [];
  const refunds: PowerTranzStandIn['refunds'] = [];
  const problems: string[] = [];
  const declined = new Set<string>();
  const answeredAmounts = new Map<string, number>();
  let completionDelayMs = 0;
  let failingCompletion = false;
  let address = '';

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const html = (response: ServerResponse, body: string) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  };
  const checkCredentials = (request: IncomingMessage, call: string) => {
    if (request.headers['powertranz-powertranzid'] !== id || request.headers['powertranz-powertranzpassword'] !== password) {
      problems.push(`${call}: wrong or missing PowerTranz-PowerTranzId / PowerTranz-PowerTranzPassword headers`);
      return false;
    }
    return true;
  };
  const parse = (text: string, call: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      problems.push(`${call}: the body is not JSON`);
      return null;
    }
  };
  const transaction = (sale: StandInSale) => ({
    TransactionType: 1,
    TransactionIdentifier: sale.transactionIdentifier,
    TotalAmount: sale.totalAmount,
    CurrencyCode: sale.currencyCode,
    OrderIdentifier: sale.orderIdentifier,
  });
  const hostedPageResponse = (sale: StandInSale, overrides: Record<string, unknown> = {}) =>
    JSON.stringify({
      ...transaction(sale),
      Approved: false,
      IsoResponseCode: 'HP0',
      ResponseMessage: 'HPP preprocessing complete',
      SpiToken: sale.spiToken,
      BillingAddress: { FirstName: 'Ayesha', LastName: 'Campbell', Line1: '12 Hope Road', City: 'Kingston 10', CountryCode: '388' },
      ...overrides,
    });

  const hostedPage = (
    sale: StandInSale,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PowerTranz secure payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}label{display:block;margin:12px 0 4px}input{font:inherit;padding:8px;width:100%;box-sizing:border-box}button{margin-top:16px;font:inherit;padding:10px 20px}</style></head>
<body><main><h1>PowerTranz secure payment</h1><p>Pay JMD ${sale.totalAmount.toFixed(2)} for order ${escapeHtml(sale.orderIdentifier)}</p>
<form method="post" action="${address}/hpp/${encodeURIComponent(sale.spiToken)}">
<label for="card">Card number</label><input id="card" name="CardPan" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiry (YYMM)</label><input id="expiry" name="CardExpiration" required>
<label for="cvv">CVV</label><input id="cvv" name="CardCvv" required>
<button type="submit">Confirm Payment</button></form></main></body></html>`;

  const postBack = (
    sale: StandInSale,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Returning to the shop</title></head>
<body><form id="back" method="post" action="${escapeHtml(sale.merchantResponseUrl)}"><input type="hidden" name="Response" value="${escapeHtml(hostedPageResponse(sale))}"><noscript><button type="submit">Continue</button></noscript></form>
<script>document.getElementById('back').submit();</script></body></html>`;

  async function answerSale(request: IncomingMessage, response: ServerResponse) {
    const call = 'Sale (POST /api/spi/sale)';
    const credentials = checkCredentials(request, call);
    const body = parse(await readBody(request), call) as Record<string, unknown> | null;
    const extended = (body?.ExtendedData ?? {}) as {
      HostedPage?: { PageSet?: unknown; PageName?: unknown };
      MerchantResponseUrl?: unknown;
    };
    const wrong = [
      typeof body?.TransactionIdentifier !== 'string' || !guid.test(body.TransactionIdentifier)
        ? 'TransactionIdentifier must be a GUID'
        : null,
      typeof body?.TotalAmount !== 'number' || body.TotalAmount <= 0 ? 'TotalAmount must be a positive number' : null,
      body?.CurrencyCode !== '388' ? 'CurrencyCode must be "388" (JMD)' : null,
      body?.ThreeDSecure !== false ? 'ThreeDSecure must be false for the hosted page' : null,
      typeof body?.OrderIdentifier !== 'string' || body.OrderIdentifier === '' ? 'OrderIdentifier is required' : null,
      typeof extended.HostedPage?.PageSet !== 'string' || !extended.HostedPage.PageSet.startsWith('PTZ/')
        ? 'ExtendedData.HostedPage.PageSet must start with PTZ/'
        : null,
      typeof extended.HostedPage?.PageName !== 'string' || extended.HostedPage.PageName === ''
        ? 'ExtendedData.HostedPage.PageName is required'
        : null,
      typeof extended.MerchantResponseUrl !== 'string' || !URL.canParse(extended.MerchantResponseUrl)
        ? 'ExtendedData.MerchantResponseUrl must be a URL'
        : null,
    ].filter((problem): problem is string => problem !== null);
    for (const problem of wrong) problems.push(`${call}: ${problem}`);
    if (!credentials || !body || wrong.length > 0) {
      return json(response, credentials ? 400 : 401, {
        Approved: false,
        IsoResponseCode: credentials ? 'SP1' : '401',
        ResponseMessage: wrong.join('; ') || 'Access denied',
      });
    }
    const made: StandInSale = {
      transactionIdentifier: String(body.TransactionIdentifier),
      orderIdentifier: String(body.OrderIdentifier),
      totalAmount: Number(body.TotalAmount),
      currencyCode: String(body.CurrencyCode),
      spiToken: `${randomBytes(24).toString('base64url')}-${randomUUID().slice(0, 8)}`,
      merchantResponseUrl: String(extended.MerchantResponseUrl),
      completions: 0,
      captured: false,
      refunded: 0,
    };
    sales.push(made);
    return json(response, 200, {
      ...transaction(made),
      Approved: false,
      IsoResponseCode: 'SP4',
      ResponseMessage: 'SPI Preprocessing complete',
      RedirectData: hostedPage(made),
      SpiToken: made.spiToken,
    });
  }

  async function answerPayment(request: IncomingMessage, response: ServerResponse) {
    const token = parse(await readBody(request), 'Payment (POST /api/spi/payment)');
    if (failingCompletion) {
      failingCompletion = false;
      return json(response, 503, { Approved: false, ResponseMessage: 'Service unavailable' });
    }
    if (typeof token !== 'string') {
      problems.push('Payment (POST /api/spi/payment): the body must be the SpiToken as a JSON string');
      return json(response, 400, { Approved: false, IsoResponseCode: 'SP1', ResponseMessage: 'Invalid request' });
    }
    const found = sales.find((entry) => entry.spiToken === token);
    if (found) found.completions += 1;
    if (completionDelayMs > 0) await sleep(completionDelayMs);
    // A SpiToken is completed once; an unknown, used or declined one takes nothing.
    if (!found || found.captured || found.completions > 1)
      return json(response, 200, { Approved: false, IsoResponseCode: '05', ResponseMessage: 'Invalid or used SpiToken' });
    if (declined.has(token)) {
      declined.delete(token);
      return json(response, 200, {
        ...transaction(found),
        Approved: false,
        IsoResponseCode: '05',
        ResponseMessage: 'Transaction is declined',
      });
    }
    found.captured = true;
    return json(response, 200, {
      ...transaction(found),
      TotalAmount: answeredAmounts.get(token) ?? found.totalAmount,
      Approved: true,
      AuthorizationCode: String(100000 + sales.indexOf(found)),
      RRN: String(Date.now()).slice(-12),
      CardBrand: 'Visa',
      IsoResponseCode: '00',
      ResponseMessage: 'Transaction is approved',
    });
  }

  async function answerRefund(request: IncomingMessage, response: ServerResponse) {
    const call = 'Refund (POST /api/refund)';
    const credentials = checkCredentials(request, call);
    const body = parse(await readBody(request), call) as Record<string, unknown> | null;
    const wrong = [
      body?.Refund !== true ? 'Refund must be true' : null,
      typeof body?.TransactionIdentifier !== 'string' ? 'TransactionIdentifier is required' : null,
      typeof body?.TotalAmount !== 'number' || body.TotalAmount <= 0 ? 'TotalAmount must be a positive number' : null,
      body?.CurrencyCode !== '388' ? 'CurrencyCode must be "388" (JMD)' : null,
    ].filter((problem): problem is string => problem !== null);
    for (const problem of wrong) problems.push(`${call}: ${problem}`);
    if (!credentials || !body || wrong.length > 0)
      return json(response, credentials ? 400 : 401, { Approved: false, IsoResponseCode: 'SP1', ResponseMessage: 'Invalid request' });
    const transactionIdentifier = String(body.TransactionIdentifier);
    const totalAmount = Number(body.TotalAmount);
    const found = sales.find((entry) => entry.transactionIdentifier === transactionIdentifier);
    const left = found && found.captured ? Math.round((found.totalAmount - found.refunded) * 100) : 0;
    const approved = Math.round(totalAmount * 100) <= left;
    refunds.push({ transactionIdentifier, totalAmount, approved });
    if (!found || !approved)
      return json(response, 200, {
        TransactionType: 5,
        Approved: false,
        TransactionIdentifier: transactionIdentifier,
        TotalAmount: totalAmount,
        CurrencyCode: '388',
        IsoResponseCode: '05',
        ResponseMessage: 'Refund exceeds the amount left',
      });
    found.refunded = Math.round((found.refunded + totalAmount) * 100) / 100;
    return json(response, 200, {
      TransactionType: 5,
      Approved: true,
      TransactionIdentifier: transactionIdentifier,
      TotalAmount: totalAmount,
      CurrencyCode: '388',
      RRN: `R${refunds.length}${String(Date.now()).slice(-8)}`,
      IsoResponseCode: '00',
      ResponseMessage: 'Transaction is approved',
    });
  }

  async function confirmOnHostedPage(request: IncomingMessage, response: ServerResponse, token: string) {
    const found = sales.find((entry) => entry.spiToken === token);
    const form = new URLSearchParams(await readBody(request));
    if (!found || !form.get('CardPan')) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      return response.end('Unknown payment or no card');
    }
    return html(response, postBack(found));
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const handled =
      request.method !== 'POST'
        ? null
        : path.toLowerCase() === '/api/spi/sale'
          ? answerSale(request, response)
          : path.toLowerCase() === '/api/spi/payment'
            ? answerPayment(request, response)
            : path.toLowerCase() === '/api/refund'
              ? answerRefund(request, response)
              : path.startsWith('/hpp/')
                ? confirmOnHostedPage(request, response, decodeURIComponent(path.slice('/hpp/'.length)))
                : null;
    if (handled === null) {
      problems.push(`${request.method} ${path}: no such PowerTranz call`);
      return json(response, 404, { Approved: false, ResponseMessage: 'Not found' });
    }
    handled.catch((error: unknown) => {
      problems.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) json(response, 500, { Approved: false });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: address,
    id,
    password,
    sales,
    refunds,
    problems,
    hostedPageResponse,
    decline: (spiToken) => declined.add(spiToken),
    answerAmount: (spiToken, totalAmount) => answeredAmounts.set(spiToken, totalAmount),
    failNextCompletion: () => {
      failingCompletion = true;
    },
    slowCompletions: (ms) => {
      completionDelayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
