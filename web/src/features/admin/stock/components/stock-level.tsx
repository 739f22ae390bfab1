import { lowStockThreshold } from '@threadline/contracts';
import { Badge } from '@/components/ui/badge.tsx';

/** A variant's stock with what it means on the shop floor: out, low, or plenty. */
export function StockLevel({ stock }: { stock: number }) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span className="font-semibold tabular-nums">{stock}</span>
      {stock === 0 ? <Badge tone="danger">Out of stock</Badge> : stock <= lowStockThreshold ? <Badge tone="amber">Low</Badge> : null}
    </span>
  );
}

/** "Size M · Blue", or "One size" for a variant without options. */
export const variantLabel = ({ size, color }: { size: string | null; color: string | null }) =>
  [size && `Size ${size}`, color].filter(Boolean).join(' · ') || 'One size';
