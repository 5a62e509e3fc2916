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
import { LoadFailed } from '../../components/LoadFailed';
import { Markdown } from '../../components/markdown/Markdown';
import { PageHeading } from '../../components/PageHeading';

/**
 * FAQ (spec 2.17): the partner's questions as an accordion of title and answer, the answer the partner's Markdown
 * rendered through the sanitiser (docs/decisions/0217).
 */
export function FaqPage() {
  const faqs = useQuery({
    ...operationQuery(partnerOperations.faqs, {}),
    select: (list) => list.value,
  });
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <PageHeading title="FAQ" />
      {faqs.isError ? (
        <LoadFailed text="We couldn't load the questions." onRetry={() => void faqs.refetch()} />
      ) : faqs.isPending ? (
        <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading questions">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : faqs.data.length > 0 ? (
        <div>
          {faqs.data.map((faq, index) => (
            // The accordion's own heading element (h3 by default) is the question's: h2 under the page's h1, and the
            // answer's own headings start at h3.
            <Accordion
              // The questions have no id of their own here, and two may share a title: their place tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is read once and never reordered on the page.
              key={index}
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
                <Markdown text={faq.text} headingLevel={3} />
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
