/** The options of a "Colour it shows" select: none, or one of the product's colours. */
export function ColourOptions({ colors }: { colors: readonly string[] }) {
  return (
    <>
      <option value="">No one colour</option>
      {colors.map((each) => (
        <option key={each} value={each}>
          {each}
        </option>
      ))}
    </>
  );
}
