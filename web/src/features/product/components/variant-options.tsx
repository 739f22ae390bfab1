import { useId } from 'react';
import { fitVerdictWords, type AvailableVariants, type ReviewFit } from '@threadline/contracts';
import { ChoiceGroup } from '@/components/ui/choice-group.tsx';
import { attributeLabel, isLowStock, type Selection } from '../variant-stock.ts';

interface VariantOptionsProps {
  attributes: readonly string[];
  available: AvailableVariants;
  selection: Selection;
  onSelect(attribute: string, value: string): void;
  /** How the style fits, once buyers' reviews agree: said under the sizes. */
  fitVerdict?: ReviewFit | null;
}

/** One radio group per attribute; sold-out options are disabled, nearly sold-out ones say so. */
export function VariantOptions({ attributes, available, selection, onSelect, fitVerdict = null }: VariantOptionsProps) {
  const groupName = useId();
  return (
    <div className="flex flex-col gap-6">
      {attributes.map((attribute) => {
        const chosen = selection[attribute];
        const group = (
          <ChoiceGroup
            key={attribute}
            name={`${groupName}-${attribute}`}
            legend={
              <>
                {attributeLabel(attribute)}
                {chosen === undefined ? null : <span className="font-normal text-stone-600">: {chosen}</span>}
              </>
            }
            choices={(available[attribute] ?? []).map((option) => ({
              value: option.value,
              label: option.name,
              disabled: option.stock <= 0,
              ...(isLowStock(option.stock) ? { note: 'Low Stock' } : {}),
            }))}
            value={chosen ?? null}
            onChange={(value) => onSelect(attribute, value)}
          />
        );
        if (attribute !== 'Size' || fitVerdict === null) return group;
        return (
          <div key={attribute}>
            {group}
            <p className="mt-2 text-sm font-medium text-stone-700">{fitVerdictWords[fitVerdict]}</p>
          </div>
        );
      })}
    </div>
  );
}
