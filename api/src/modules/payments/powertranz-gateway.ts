import type { PowerTranzSettings } from '../../config.ts';

/**
 * PowerTranz (First Atlantic Commerce) over its documented HTTP API, SPI with the Hosted Payment
 * Page (PowerTranz's "SPI-HPP" integration guide):
 *  1. Sale, `POST <root>/api/spi/sale` with the PowerTranz-PowerTranzId and
 *     PowerTranz-PowerTranzPassword headers and ExtendedData.HostedPage {PageSet, PageName} and
 *     ExtendedData.MerchantResponseUrl: answers IsoResponseCode "SP4" ("SPI Preprocessing
 *     complete"), a SpiToken (alive 5 minutes) and RedirectData, the page that shows the shopper
 *     the Hosted Payment Page.
 *  2. The Hosted Payment Page posts its answer (IsoResponseCode "HP0", the SpiToken, the
 *     TransactionIdentifier and OrderIdentifier) to MerchantResponseUrl as the form field
 *     `Response`, through the shopper's browser: it proves nothing by itself.
 *  3. Payment completion, `POST <root>/api/spi/payment` with the SpiToken as a JSON string (no
 *     PowerTranz headers): the financial answer, Approved with IsoResponseCode "00".
 * Refund, `POST <root>/api/refund` with the headers and {Refund: true, TransactionIdentifier of
 * the sale, TotalAmount, CurrencyCode}, gives back all or part of a sale.
 * Amounts are decimal major units; JMD is ISO 4217 numeric "388".
 */
export const jmdCurrencyCode = '388';

/** The fields of a gateway answer the shop reads (Sale, the HPP response, Payment and Refund answer alike). */
export interface PowerTranzAnswer {
  TransactionType?: number;
  Approved?: boolean;
  TransactionIdentifier?: string;
  TotalAmount?: number;
  CurrencyCode?: string;
  IsoResponseCode?: string;
  ResponseMessage?: string;
  OrderIdentifier?: string;
  SpiToken?: string;
  RedirectData?: string;
  RRN?: string;
}

export interface SaleRequest {
  transactionIdentifier: string;
  /** Minor units (cents) of JMD. */
  amount: number;
  orderIdentifier: string;
  merchantResponseUrl: string;
}

/** The refused or failed call: `answered` when the gateway said no (a refusal), not when it could not be reached. */
export class PowerTranzError extends Error {
  constructor(
    message: string,
    readonly answered: boolean,
  ) {
    super(message);
  }
}

/** The merchant's Hosted Payment Page, made in the PowerTranz merchant portal ("PTZ/" prefix as the guide asks). */
export const hostedPage = { PageSet: 'PTZ/Threadline', PageName: 'Checkout' } as const;

export const minorToGatewayAmount = (minor: number) => minor / 100;
export const gatewayAmountToMinor = (amount: number | undefined) => (typeof amount === 'number' ? Math.round(amount * 100) : null);

export function createPowerTranzGateway(settings: PowerTranzSettings) {
  const headers = { 'PowerTranz-PowerTranzId': settings.id, 'PowerTranz-PowerTranzPassword': settings.password };

  async function call(path: string, body: unknown, withCredentials: boolean): Promise<PowerTranzAnswer> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json', ...(withCredentials ? headers : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new PowerTranzError(`PowerTranz did not answer ${path}: ${error instanceof Error ? error.message : String(error)}`, false);
    }
    const text = await response.text();
    if (response.status >= 500) throw new PowerTranzError(`PowerTranz failed ${path} (${response.status})`, false);
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new PowerTranzError(`PowerTranz answered ${path} with something other than JSON (${response.status})`, true);
    }
    if (typeof answer !== 'object' || answer === null)
      throw new PowerTranzError(`PowerTranz answered ${path} with no transaction (${response.status})`, true);
    return answer as PowerTranzAnswer;
  }

  return {
    /** The gateway's origin: its page posts the shopper's card details there. */
    origin: new URL(settings.apiUrl).origin,

    /** Sale through the Hosted Payment Page (guide step 1.3): ThreeDSecure false, as the guide asks of HPP. */
    sale: (request: SaleRequest) =>
      call(
        '/api/spi/sale',
        {
          TransactionIdentifier: request.transactionIdentifier,
          TotalAmount: minorToGatewayAmount(request.amount),
          CurrencyCode: jmdCurrencyCode,
          ThreeDSecure: false,
          OrderIdentifier: request.orderIdentifier,
          AddressMatch: false,
          ExtendedData: { HostedPage: hostedPage, MerchantResponseUrl: request.merchantResponseUrl },
        },
        true,
      ),

    /** Payment completion (guide step 1.7): the body is the SpiToken itself, a JSON string. */
    completePayment: (spiToken: string) => call('/api/spi/payment', spiToken, false),

    /** Refund of `amount` cents of the sale `transactionIdentifier`. */
    refund: (transactionIdentifier: string, amount: number) =>
      call(
        '/api/refund',
        {
          Refund: true,
          TransactionIdentifier: transactionIdentifier,
          TotalAmount: minorToGatewayAmount(amount),
          CurrencyCode: jmdCurrencyCode,
        },
        true,
      ),
  };
}

export type PowerTranzGateway = ReturnType<typeof createPowerTranzGateway>;

/** An approved financial answer: Approved, with ISO response code 00. */
export const isApproved = (answer: PowerTranzAnswer) => answer.Approved === true && answer.IsoResponseCode === '00';
