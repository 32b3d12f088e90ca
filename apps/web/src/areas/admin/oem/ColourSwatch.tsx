/** A small square of a theme colour, with its code for screen readers and hover. */
export function ColourSwatch({ colour }: { colour: string }) {
  return (
    <span
      title={colour}
      aria-label={colour}
      style={{
        display: 'inline-block',
        width: 16,
        height: 16,
        borderRadius: 4,
        background: colour,
        border: '1px solid rgba(0, 0, 0, 0.15)',
        verticalAlign: 'middle',
      }}
    />
  );
}
