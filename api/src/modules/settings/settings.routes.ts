import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeAnswerSchema, storeSettingsSchema, type PaymentMethod } from '@threadline/contracts';
import { requireOwner } from '../../plugins/staff-access.ts';
import type { SettingsService } from './settings.service.ts';

export const adminSettingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  const answer = { 200: storeSettingsSchema };

  app.get('/settings/', { schema: { response: answer } }, (request) => {
    requireOwner(request);
    return settings.current();
  });

  app.put('/settings/', { schema: { body: storeSettingsSchema, response: answer } }, (request) =>
    settings.replace(requireOwner(request), request.body),
  );
};

/** The storefront's read: what the footer, the contact page and checkout show, charge and offer. */
export const storeRoutes: FastifyPluginAsyncZod<{ settings: SettingsService; paymentMethods: PaymentMethod[] }> = async (app, { settings, paymentMethods }) => {
  app.get('/store/', { schema: { response: { 200: storeAnswerSchema } } }, async () => ({ ...(await settings.current()), payment_methods: paymentMethods }));
};
