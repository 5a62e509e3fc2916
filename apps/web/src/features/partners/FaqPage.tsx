import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { partnerOperations } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { operationQuery } from '../../api/operations';
import { PageHeading } from '../../components/PageHeading';

/** FAQ (spec 2.17): the partner's questions as an accordion of title and text. */
export function FaqPage() {
  const { data: faqs, isPending } = useQuery({
    ...operationQuery(partnerOperations.faqs, {}),
    select: (list) => list.value,
  });
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <PageHeading title="FAQ" />
      {isPending ? (
        <Stack spacing={1}>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : faqs && faqs.length > 0 ? (
        <div>
          {faqs.map((faq, index) => (
            // The accordion's own heading element (h3 by default) is the question's: h2 under the page's h1.
            <Accordion
              key={faq.title}
              disableGutters
              defaultExpanded={index === 0}
              slotProps={{ heading: { component: 'h2' } }}
            >
              <AccordionSummary expandIcon={<ExpandMore />} id={`faq-${index}-header`} aria-controls={`faq-${index}`}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {faq.title}
                </Typography>
              </AccordionSummary>
              <AccordionDetails id={`faq-${index}`}>
                <Typography sx={{ whiteSpace: 'pre-line' }}>{faq.text}</Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </div>
      ) : (
        <Alert severity="info">There are no questions here yet. The Contact page says how to reach us.</Alert>
      )}
    </Stack>
  );
}
