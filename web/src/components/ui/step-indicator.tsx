/** A row of numbered steps with the current one marked, for screen readers too. */
export function StepIndicator({ steps, current, done = [] }: { steps: readonly string[]; current: string; done?: readonly string[] }) {
  return (
    <ol aria-label="Progress" className="flex flex-wrap items-center gap-2 text-sm">
      {steps.map((step, index) => (
        <li key={step} className="flex items-center gap-2">
          <span
            aria-current={step === current ? 'step' : undefined}
            className={`flex items-center gap-2 rounded-full px-3 py-1 font-medium ${
              step === current ? 'bg-stone-900 text-white' : done.includes(step) ? 'bg-brand-50 text-brand-800' : 'bg-stone-100 text-stone-600'
            }`}
          >
            <span aria-hidden="true">{done.includes(step) ? '✓' : index + 1}</span>
            {step}
          </span>
          {index < steps.length - 1 ? <span aria-hidden="true" className="h-px w-6 bg-stone-300" /> : null}
        </li>
      ))}
    </ol>
  );
}
