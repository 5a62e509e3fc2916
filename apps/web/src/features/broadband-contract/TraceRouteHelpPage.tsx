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
import { useLineContract } from '../line-contract/contract-queries';

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
        wordBreak: 'break-all',
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
  return { ip: address ?? NO_IP_TEXT, address };
}

function steps(ip: ReactNode, address: string | undefined): Array<{ label: ReactNode; body: ReactNode }> {
  const target = address ?? 'IP address';
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
 * IP address and attach a screenshot to the fault. CLOSE closes the tab the diagnostics dialog opened, else goes
 * back to the contract (decision 0103).
 */
export function TraceRouteHelpPage() {
  const cli = useSearchParams()[0].get('cli') ?? '';
  const navigate = useNavigate();
  const { ip, address } = useTraceTarget(cli);
  const [active, setActive] = useState(0);
  const all = steps(ip, address);

  const close = () => {
    if (window.opener) {
      window.close();
      return;
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
