import type { ProductStatus } from '@threadline/contracts';
import type { BadgeTone } from '@/components/ui/badge.tsx';

export const statusLabels: Record<ProductStatus, string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };
/** Active stands out green; a draft is work in progress (amber); archived is out of the way. */
export const statusTones: Record<ProductStatus, BadgeTone> = { draft: 'amber', active: 'success', archived: 'light' };
