import type { FastifyRequest } from 'fastify';
import { cartContextOf } from '../cart/cart-owner.ts';
import type { OrderViewer } from './orders.service.ts';

/** Who asks for an order: its account, or the guest session that placed it (as it owned the cart). */
export const orderViewerOf = async (request: FastifyRequest): Promise<OrderViewer> =>
  (await cartContextOf(request, { start: false })).owner;
