import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * Fills that tell series apart without colour (decision 0066): the first series is solid, the next ones are striped,
 * dotted, cross-hatched... in their colour. A period still running (this month so far) is drawn pale with stripes,
 * so it does not read as a finished month.
 */
const SERIES_PATTERNS = ['solid', 'diagonal', 'dots', 'cross', 'horizontal'] as const;
type SeriesPattern = (typeof SERIES_PATTERNS)[number];

function patternOf(index: number): SeriesPattern {
  return SERIES_PATTERNS[index % SERIES_PATTERNS.length] ?? 'solid';
}

/** An id prefix usable in `url(#...)`: React's ids may hold characters a fragment reference does not take. */
export function patternPrefix(reactId: string): string {
  return `chart-${reactId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
}

/** The fill of the index-th series: its colour, or its pattern. */
export function seriesFill(prefix: string, index: number, colour: string): string {
  return patternOf(index) === 'solid' ? colour : `url(#${prefix}-series-${index})`;
}

/** The fill of the index-th series' bar for the period still running. */
export function partialFill(prefix: string, index: number): string {
  return `url(#${prefix}-partial-${index})`;
}

const TILE = 6;

function Marks({ pattern }: { pattern: SeriesPattern }) {
  const line = { stroke: '#ffffff', strokeWidth: 1.5 };
  switch (pattern) {
    case 'solid':
      return null;
    case 'diagonal':
      return <line x1={0} y1={0} x2={0} y2={TILE} {...line} />;
    case 'dots':
      return <circle cx={TILE / 2} cy={TILE / 2} r={1.3} fill="#ffffff" />;
    case 'cross':
      return (
        <>
          <line x1={0} y1={0} x2={0} y2={TILE} {...line} />
          <line x1={0} y1={0} x2={TILE} y2={0} {...line} />
        </>
      );
    case 'horizontal':
      return <line x1={0} y1={TILE / 2} x2={TILE} y2={TILE / 2} {...line} />;
  }
}

/** The `<defs>` of a chart's fills, one pattern per series colour; goes inside the chart's SVG. */
export function ChartPatterns({ prefix, colours }: { prefix: string; colours: readonly string[] }) {
  return (
    <defs>
      {colours.map((colour, index) => (
        // Series are identified by position: the same colour may come back for a later series.
        // biome-ignore lint/suspicious/noArrayIndexKey: one pattern per series position
        <g key={index}>
          <pattern
            id={`${prefix}-series-${index}`}
            width={TILE}
            height={TILE}
            patternUnits="userSpaceOnUse"
            patternTransform={patternOf(index) === 'diagonal' || patternOf(index) === 'cross' ? 'rotate(45)' : ''}
          >
            <rect width={TILE} height={TILE} fill={colour} />
            <Marks pattern={patternOf(index)} />
          </pattern>
          <pattern
            id={`${prefix}-partial-${index}`}
            width={TILE}
            height={TILE}
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width={TILE} height={TILE} fill={colour} fillOpacity={0.25} />
            <line x1={0} y1={0} x2={0} y2={TILE} stroke={colour} strokeWidth={3} />
          </pattern>
        </g>
      ))}
    </defs>
  );
}

/** A legend's sample of a fill, self-contained (its own pattern), so it also shows before the chart has drawn. */
export function FillSwatch({ prefix, index, colour, partial = false }: FillSwatchProps) {
  const fill = partial ? partialFill(prefix, index) : seriesFill(prefix, index, colour);
  return (
    <svg width={14} height={14} aria-hidden="true" focusable="false" style={{ flex: 'none' }}>
      <ChartPatterns prefix={prefix} colours={Array.from({ length: index + 1 }, () => colour)} />
      <rect width={14} height={14} rx={2} fill={fill} stroke={colour} strokeWidth={1} />
    </svg>
  );
}

interface FillSwatchProps {
  /** A prefix of the swatch's own, not the chart's: ids must be unique in the page. */
  prefix: string;
  index: number;
  colour: string;
  partial?: boolean;
}

export interface LegendItem {
  label: string;
  colour: string;
  /** The series position, which picks its pattern. */
  index: number;
  partial?: boolean;
}

/** The names of a chart's series with the fill of each, above the chart (MUI's legend shows colour only). */
export function ChartLegend({ prefix, items, label }: { prefix: string; items: readonly LegendItem[]; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, px: 1, py: 0.5 }}
    >
      {items.map((item) => (
        <Box component="li" key={`${item.index}-${item.label}`} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <FillSwatch
            prefix={`${prefix}-legend-${item.index}${item.partial ? '-partial' : ''}`}
            index={item.index}
            colour={item.colour}
            partial={item.partial ?? false}
          />
          <Typography variant="body2">{item.label}</Typography>
        </Box>
      ))}
    </Box>
  );
}
