/** A row of numbered steps with the current one marked, for screen readers too. */
export function StepIndicator({ steps, current, done = [] }: { steps: readonly string[]; current: string; done?: readonly string[] }) {
  return (
    // Tighter on a phone: the three pills and their links fit one row from 360 px wide.
    <ol aria-label="Progress" className="flex flex-wrap items-center gap-1 text-sm sm:gap-2">
      {steps.map((step, index) => (
        <li key={step} className="flex items-center gap-1 sm:gap-2">
          <span
            aria-current={step === current ? 'step' : undefined}
            className={`flex items-center gap-1.5 rounded-full px-2.5 py-1 font-medium whitespace-nowrap sm:gap-2 sm:px-3 ${
              step === current
                ? 'bg-stone-900 text-white'
                : done.includes(step)
                  ? 'bg-brand-50 text-brand-800'
                  : 'bg-stone-100 text-stone-600'
            }`}
          >
            <span aria-hidden="true">{done.includes(step) ? '✓' : index + 1}</span>
            {step}
          </span>
          {index < steps.length - 1 ? <span aria-hidden="true" className="h-px w-3 bg-stone-300 sm:w-6" /> : null}
        </li>
      ))}
    </ol>
  );
}
