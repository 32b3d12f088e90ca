import { HEX_COLOR } from '@linq/contract';

/** A mark's colour dot. Colours are #RRGGBB by the contract; anything else is not used as a style. */
export function MarkSwatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: 5,
        marginInlineEnd: 6,
        verticalAlign: 'middle',
        background: HEX_COLOR.test(color) ? color : 'transparent',
        border: '1px solid rgba(0, 0, 0, 0.15)',
      }}
    />
  );
}
