import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { NamedRef } from '@portal/contract';
import type { ReactNode } from 'react';
import { useCompanyNames } from '../../session/useSession';
import { Figure, LoadFailed, QueryState } from './TileParts';

/** How one company's figure is drawn: `several` when the tile lists more than one company. */
export type CompanyFigureRow = (props: { company: NamedRef; several: boolean }) => ReactNode;

/**
 * A figure per company of the caller's estate, each named (decision 0060): one company gets the tile's large figure
 * with the company's name under it; several get a row each, name on the left and figure on the right.
 */
export function CompanyFigures({
  placeholder,
  noCompanies,
  Row,
}: {
  /** The spec's loading text, shown until the companies are known. */
  placeholder: string;
  /** What the tile says for a caller whose estate has no company. */
  noCompanies: string;
  Row: CompanyFigureRow;
}) {
  const companies = useCompanyNames();
  return (
    <QueryState
      query={companies}
      pending={<Figure>{placeholder}</Figure>}
      failed={(retry) => <LoadFailed onRetry={retry} />}
    >
      {(list) =>
        list.length === 0 ? (
          <EmptyFigure>{noCompanies}</EmptyFigure>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {list.map((company) => (
              <Box component="li" key={company.id} sx={{ minWidth: 0 }}>
                <Row company={company} several={list.length > 1} />
              </Box>
            ))}
          </Box>
        )
      }
    </QueryState>
  );
}

/** One company's line: its figure (or its failure) and whose it is, with an optional detail such as a date. */
export function CompanyFigure({
  company,
  several,
  figure,
  detail,
}: {
  company: NamedRef;
  several: boolean;
  figure: ReactNode;
  detail?: string | undefined;
}) {
  if (!several) {
    return (
      <>
        {figure}
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {detail ? `${company.name} · ${detail}` : company.name}
        </Typography>
      </>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, rowGap: 0.25 }}>
      <Box sx={{ flex: '1 1 10rem', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {company.name}
        </Typography>
        {detail ? (
          <Typography variant="caption" color="text.secondary">
            {detail}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ flex: '0 0 auto' }}>{figure}</Box>
    </Box>
  );
}

/** A tile's empty state ("No bills yet"): words, not a figure. */
export function EmptyFigure({ children }: { children: ReactNode }) {
  return (
    <Typography component="p" variant="body1" color="text.secondary" sx={{ fontWeight: 600 }}>
      {children}
    </Typography>
  );
}
