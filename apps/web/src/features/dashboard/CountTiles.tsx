import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { RoutePath } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../lib/format';
import { useCompanyNames } from '../../session/useSession';
import { latestBillQuery, unbilledCallsQuery } from './bill-tile-queries';
import { CompanyFigure, type CompanyFigureRow, CompanyFigures, EmptyFigure } from './CompanyFigures';
import { broadbandContractCountQuery, mobileDeviceCountQuery } from './count-queries';
import { COUNT_PLACEHOLDER, countedNoun, countText, MONEY_PLACEHOLDER, moneyText, NO_BILLS } from './count-text';
import { CountTile, Figure, FooterLink, LoadFailed, QueryState } from './TileParts';

export function UnbilledCallsTile() {
  return (
    <CountTile
      title="Unbilled Calls"
      footer={
        <Typography variant="body2" color="text.secondary">
          Calls made since the last bill
        </Typography>
      }
    >
      <CompanyFigures placeholder={COUNT_PLACEHOLDER} noCompanies="No lines to count" Row={UnbilledCallsOf} />
    </CountTile>
  );
}

const UnbilledCallsOf: CompanyFigureRow = ({ company, several }) => {
  const query = useQuery(unbilledCallsQuery(company.id));
  return (
    <CompanyFigure
      company={company}
      several={several}
      figure={
        <QueryState
          query={query}
          pending={<Figure small={several}>{COUNT_PLACEHOLDER}</Figure>}
          failed={(retry) => <LoadFailed onRetry={retry} />}
        >
          {(calls) => <Figure small={several}>{countText(calls)}</Figure>}
        </QueryState>
      }
    />
  );
};

export function LatestBillTile() {
  return (
    <CountTile title="Latest Bill" footer={<FooterLink to="/my-bills">View My Bills</FooterLink>}>
      <CompanyFigures placeholder={MONEY_PLACEHOLDER} noCompanies={NO_BILLS} Row={LatestBillOf} />
    </CountTile>
  );
}

const LatestBillOf: CompanyFigureRow = ({ company, several }) => {
  const query = useQuery(latestBillQuery(company.id));
  const bill = query.data;
  return (
    <CompanyFigure
      company={company}
      several={several}
      detail={bill ? `billed ${formatDate(bill.billDate)}` : undefined}
      figure={
        <QueryState
          query={query}
          pending={<Figure small={several}>{MONEY_PLACEHOLDER}</Figure>}
          failed={(retry) => <LoadFailed onRetry={retry} />}
        >
          {(latest) =>
            latest ? <Figure small={several}>{moneyText(latest.amount)}</Figure> : <EmptyFigure>{NO_BILLS}</EmptyFigure>
          }
        </QueryState>
      }
    />
  );
};

/** The estate tile: the device count (MobileUserEstate Read) and the contract count (BroadbandUserEstate Read). */
export function EstateTile({ mobile, broadband }: { mobile: boolean; broadband: boolean }) {
  return (
    <CountTile title="Your Estate" footer={<EstateOwners />}>
      {mobile ? <DeviceCount /> : null}
      {broadband ? <BroadbandContractCount /> : null}
    </CountTile>
  );
}

/**
 * Whose the counts are. The device and contract lists cannot be narrowed to a company, so a caller with several
 * companies reads one count across them, labelled so (decision 0060).
 */
function EstateOwners() {
  const { data: companies } = useCompanyNames();
  if (!companies || companies.length === 0) return null;
  const [only] = companies;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {companies.length === 1 && only ? only.name : `Across your ${companies.length} companies`}
    </Typography>
  );
}

/** A count, linked to its estate page. */
function EstateLine({ path, children }: { path: RoutePath; children: string }) {
  return (
    <Typography component="p" variant="h6" sx={{ fontWeight: 600 }}>
      <Link component={RouterLink} to={`/${path}`} underline="hover">
        {children}
      </Link>
    </Typography>
  );
}

function EstateCount({
  query,
  path,
  singular,
}: {
  query: typeof mobileDeviceCountQuery | typeof broadbandContractCountQuery;
  path: RoutePath;
  singular: string;
}) {
  const result = useQuery(query);
  return (
    <QueryState
      query={result}
      pending={
        <Typography component="p" variant="h6" sx={{ fontWeight: 600 }}>
          {countedNoun(undefined, singular)}
        </Typography>
      }
      failed={(retry) => <LoadFailed what={`${singular}s`} onRetry={retry} />}
    >
      {(count) => <EstateLine path={path}>{countedNoun(count, singular)}</EstateLine>}
    </QueryState>
  );
}

function DeviceCount() {
  return <EstateCount query={mobileDeviceCountQuery} path="mobile/estate" singular="Device" />;
}

function BroadbandContractCount() {
  return <EstateCount query={broadbandContractCountQuery} path="broadband/estate" singular="Broadband Contract" />;
}
