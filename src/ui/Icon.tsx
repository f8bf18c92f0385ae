import { iconDrawing } from './icon-drawing.ts';

/**
 * Draws an ionicons icon as inline SVG in the text colour (icon-drawing.ts; theme/shell.css gives
 * ionicons' classes their meaning). `null` keeps the icon's place empty (an icon still loading), so
 * nothing moves when it arrives.
 */
export function Icon({ icon, size = 24 }: { icon: string | null; size?: number }) {
  const drawing = icon ? iconDrawing(icon) : null;
  return (
    <span className="icon" aria-hidden="true" style={{ width: size, height: size, visibility: drawing ? undefined : 'hidden' }}>
      {drawing && (
        <svg viewBox={drawing.viewBox} focusable="false">
          {drawing.shapes.map(({ tag: Shape, attributes }, index) => (
            <Shape key={index} {...attributes} />
          ))}
        </svg>
      )}
    </span>
  );
}
