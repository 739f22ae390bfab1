import { adminOrdersModule } from './admin-orders/admin-orders.module.ts';
import { auditModule } from './audit/audit.module.ts';
import { cartModule } from './cart/cart.module.ts';
import { catalogModule } from './catalog/catalog.module.ts';
import { contentModule } from './content/content.module.ts';
import { ratesModule } from './currency/rates.module.ts';
import { customersModule } from './customers/customers.module.ts';
import { deliveriesModule } from './deliveries/deliveries.module.ts';
import { dashboardModule } from './dashboard/dashboard.module.ts';
import { healthModule } from './health/health.module.ts';
import { inventoryModule } from './inventory/inventory.module.ts';
import { ordersModule } from './orders/orders.module.ts';
import { paymentsModule } from './payments/payments.module.ts';
import { promotionsModule } from './promotions/promotions.module.ts';
import { restockAlertsModule } from './restock-alerts/restock-alerts.module.ts';
import { returnsModule } from './returns/returns.module.ts';
import { reviewsModule } from './reviews/reviews.module.ts';
import { sessionModule } from './session/session.module.ts';
import { settingsModule } from './settings/settings.module.ts';
import { staffModule } from './staff/staff.module.ts';

/**
 * Every module of the shop in the order the app registers them: each after the modules whose
 * services it uses (fastify-plugin checks their names are registered).
 */
export const shopModules = [
  healthModule,
  auditModule,
  settingsModule,
  sessionModule,
  promotionsModule,
  inventoryModule,
  catalogModule,
  ratesModule,
  contentModule,
  cartModule,
  restockAlertsModule,
  customersModule,
  ordersModule,
  paymentsModule,
  staffModule,
  dashboardModule,
  adminOrdersModule,
  deliveriesModule,
  reviewsModule,
  returnsModule,
];
