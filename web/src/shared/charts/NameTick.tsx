import type { YAxisTickContentProps } from 'recharts';
import { fitLabel } from './fitLabel';

/** The charts' tick text: Mantine's axis size, in the page's font. */
const FONT_SIZE = 12;
/** Room left between a name and the bars. */
const GAP = 10;

let context: CanvasRenderingContext2D | null | undefined;

/** The drawn width of a tick's text, measured as the browser draws it. */
function widthOf(text: string): number {
  if (context === undefined) {
    context = document.createElement('canvas').getContext('2d');
    if (context) context.font = `${FONT_SIZE}px ${getComputedStyle(document.body).fontFamily}`;
  }
  return context ? context.measureText(text).width : text.length * FONT_SIZE * 0.6;
}

/**
 * A category axis tick for names (people, applications) on an axis
 * `axisWidth` wide: one line, cut with an ellipsis when too long, the whole
 * name as its title. Recharts' own ticks wrap at spaces into lines whose text
 * joins without them ('Visual StudioCode').
 */
export function nameTick(axisWidth: number) {
  return function NameTick({ x, y, payload }: YAxisTickContentProps) {
    const name = String(payload.value ?? '');
    return (
      <text x={Number(x) - GAP} y={y} dy="0.35em" textAnchor="end" fontSize={FONT_SIZE} fill="currentColor">
        <title>{name}</title>
        {fitLabel(name, axisWidth - GAP, widthOf)}
      </text>
    );
  };
}
