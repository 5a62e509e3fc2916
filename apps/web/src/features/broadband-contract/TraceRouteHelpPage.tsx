import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { OPENED_IN_NEW_TAB_PARAM } from '../broadband-diagnostics/trace-route-link';
import { useLineContract } from '../contracts/contract-queries';

/** Where the trace goes when the contract has no IP address (or none could be read): decision 0103. */
export const NO_IP_TEXT = "your line's IP address";

function Command({ children }: { children: ReactNode }) {
  return (
    <Box
      component="code"
      sx={{
        fontFamily: 'monospace',
        bgcolor: 'action.hover',
        px: 0.75,
        py: 0.25,
        borderRadius: 1,
      }}
    >
      {children}
    </Box>
  );
}

/**
 * An IP address, never broken across lines (decision 0138): a long IPv6 address scrolls within the line rather than
 * widen a phone's page.
 */
function WholeAddress({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      data-testid="whole-address"
      sx={{
        display: 'inline-block',
        maxWidth: '100%',
        overflowX: 'auto',
        whiteSpace: 'nowrap',
        verticalAlign: 'bottom',
      }}
    >
      {children}
    </Box>
  );
}

/** The address to trace: the contract's IP address, while it loads a placeholder, else the fallback wording. */
function useTraceTarget(cli: string): { ip: ReactNode; address: string | undefined } {
  const contract = useLineContract(cli);
  if (cli === '') return { ip: NO_IP_TEXT, address: undefined };
  if (contract.data === undefined && !contract.isError) {
    return { ip: <Skeleton component="span" width={120} sx={{ display: 'inline-block' }} />, address: undefined };
  }
  const address = contract.data?.ipAddress;
  return { ip: address ? <WholeAddress>{address}</WholeAddress> : NO_IP_TEXT, address };
}

function steps(ip: ReactNode, address: string | undefined): Array<{ label: ReactNode; body: ReactNode }> {
  const target = address ? <WholeAddress>{address}</WholeAddress> : 'IP address';
  return [
    {
      label: 'Open a command prompt',
      body: (
        <>
          On Windows press the Windows key, type <Command>cmd</Command> and press Enter. On a Mac open Terminal from
          Applications, Utilities.
        </>
      ),
    },
    {
      label: <>Run a trace to {ip}</>,
      body: (
        <>
          Type <Command>tracert {target}</Command> (on a Mac, <Command>traceroute {target}</Command>) and press Enter.
          Wait until the trace has finished: it can take a minute.
          {address === undefined ? ' The IP address is on the contract page, in the contract summary.' : null}
        </>
      ),
    },
    {
      label: 'Take a screenshot',
      body: (
        <>
          Capture the window with the whole trace in it: on Windows press Windows+Shift+S, on a Mac Shift+Command+4, and
          save the picture.
        </>
      ),
    },
    {
      label: 'Attach it to the fault',
      body: <>Back in the fault report, drop the screenshot on the trace route images, or choose it there.</>,
    },
  ];
}

/**
 * The trace route help of spec 2.16 (broadband/diagnostics/traceRoute?cli={cli}): four steps to trace the line's
 * IP address and attach a screenshot to the fault. CLOSE closes the tab the fault report opened (it says so with
 * `newTab=1`), else, or where the browser will not close it, goes back to the contract (decisions 0103, 0138).
 */
export function TraceRouteHelpPage() {
  const [search] = useSearchParams();
  const cli = search.get('cli') ?? '';
  const inOwnTab = search.get(OPENED_IN_NEW_TAB_PARAM) === '1';
  const navigate = useNavigate();
  const { ip, address } = useTraceTarget(cli);
  const [active, setActive] = useState(0);
  const all = steps(ip, address);

  const close = () => {
    // The fault report's link opens the page without an opener (rel=noopener), so the link says where it came from.
    // A browser closes only a tab with nothing to go back to: after a sign-in on the way, say, it stays open.
    if (inOwnTab) {
      window.close();
      if (window.closed) return;
    }
    void navigate(cli === '' ? '/broadband/estate' : `/broadband/contract/${encodeURIComponent(cli)}`);
  };

  return (
    <Stack spacing={3}>
      <PageHeading title="Trace Route" />
      <Card>
        <CardContent>
          <Stepper activeStep={active} orientation="vertical" aria-label="Trace route steps">
            {all.map((step, index) => (
              <Step key={String(index)}>
                <StepLabel>{step.label}</StepLabel>
                <StepContent slotProps={{ transition: { unmountOnExit: true } }}>
                  <Typography sx={{ mb: 2 }}>{step.body}</Typography>
                  <Stack direction="row" spacing={1}>
                    {index > 0 ? <Button onClick={() => setActive(index - 1)}>Back</Button> : null}
                    {index < all.length - 1 ? (
                      <Button variant="contained" onClick={() => setActive(index + 1)}>
                        Next
                      </Button>
                    ) : (
                      <Button variant="contained" onClick={close}>
                        Close
                      </Button>
                    )}
                  </Stack>
                </StepContent>
              </Step>
            ))}
          </Stepper>
        </CardContent>
      </Card>
    </Stack>
  );
}
