import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { estateOperations } from '@portal/contract';
import { useId } from 'react';
import { PageHeading } from '../../components/PageHeading';
import { PageLoader } from '../../components/PageLoader';
import { useCan } from '../../session/useCan';
import { EstateCardGrid } from './EstateCardGrid';
import { LinesTable } from './LinesTable';

/**
 * Mobile Estate (spec 2.12): the Sites and Teams card grids, each for a caller who may read that estate, and the
 * Devices table for one who may read the user estate, inline editable with its Write.
 */
export function MobileEstatePage() {
  const sites = useCan('MobileSiteEstate', 'Read');
  const teams = useCan('MobileTeamEstate', 'Read');
  const devices = useCan('MobileUserEstate', 'Read');
  const devicesHeading = useId();
  return (
    <Stack spacing={4}>
      <PageHeading title="Mobile Estate" />
      {sites === undefined || teams === undefined || devices === undefined ? (
        <PageLoader />
      ) : (
        <>
          {sites ? <EstateCardGrid kind="site" /> : null}
          {teams ? <EstateCardGrid kind="team" /> : null}
          {devices ? (
            <Stack component="section" aria-labelledby={devicesHeading} spacing={1.5}>
              <Typography id={devicesHeading} variant="h5" component="h2">
                Devices
              </Typography>
              <LinesTable
                kind="mobile"
                operation={estateOperations.mobileHandsetsOfUser}
                writeCode="MobileUserEstate"
                resource="mobile-devices"
                ariaLabel="Devices"
                emptyText="There are no mobile devices in your estate."
              />
            </Stack>
          ) : null}
        </>
      )}
    </Stack>
  );
}
