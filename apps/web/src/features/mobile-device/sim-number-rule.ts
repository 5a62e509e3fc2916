import { type SimNumberContext, simNumberProblem } from '@portal/contract';
import { z } from 'zod';

/** The SIM swap form's schema for one line: the contract's SIM number rule, the server's own (spec 5). */
export function simSwapFormSchema(context: SimNumberContext) {
  return z.object({
    simNumber: z.string().superRefine((value, issues) => {
      const problem = simNumberProblem(value, context);
      if (problem !== undefined) issues.addIssue({ code: 'custom', message: problem.message });
    }),
  });
}
export type SimSwapValues = z.infer<ReturnType<typeof simSwapFormSchema>>;
