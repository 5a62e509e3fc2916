import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canAccess, estateOperations, siteOperations } from '@portal/contract';
import { useId } from 'react';
import { PageHeading } from '../../components/PageHeading';
import { PageLoader } from '../../components/PageLoader';
import { useCan } from '../../session/useCan';
import { usePermissions } from '../../session/useSession';
import { EstateCardGrid } from './EstateCardGrid';
import { LinesTable } from './LinesTable';

/**
 * Broadband Estate (spec 2.12): the Sites card grid for a caller who may list the sites, each card with VIEW only
 * under BroadbandSiteEstate Read, and the Contracts table for one who may read the user estate, inline editable
 * with its Write (decision 0094).
 */
export function BroadbandEstatePage() {
  const held = usePermissions();
  const siteEstate = useCan('BroadbandSiteEstate', 'Read');
  const contracts = useCan('BroadbandUserEstate', 'Read');
  const contractsHeading = useId();
  return (
    <Stack spacing={4}>
      <PageHeading title="Broadband Estate" />
      {held === undefined || siteEstate === undefined || contracts === undefined ? (
        <PageLoader />
      ) : (
        <>
          {/* Listing the sites may be granted without their pages (a Write on the user estate, decision 0078). */}
          {canAccess(siteOperations.list.access, held) ? (
            <EstateCardGrid kind="broadbandSite" viewable={siteEstate} />
          ) : null}
          {contracts ? (
            <Stack component="section" aria-labelledby={contractsHeading} spacing={1.5}>
              <Typography id={contractsHeading} variant="h5" component="h2">
                Contracts
              </Typography>
              <LinesTable
                kind="broadband"
                operation={estateOperations.broadbandConnectionsOfUser}
                writeCode="BroadbandUserEstate"
                resource="broadband-contracts"
                ariaLabel="Contracts"
                emptyText="There are no broadband contracts in your estate."
              />
            </Stack>
          ) : null}
        </>
      )}
    </Stack>
  );
}
