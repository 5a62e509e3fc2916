import {
  MAX_LENGTH,
  NamedRefSchema,
  USER_EMAIL_PATTERN,
  USER_NAME_CHARACTERS_MESSAGE,
  USER_NAME_PATTERN,
  type User,
  type UserAssignmentList,
  type UserSave,
  VALIDATION_MESSAGES,
} from '@portal/contract';
import { z } from 'zod';

/** An assigned item as the chips show it: its name, and a device's or contract's number. */
export const AssignedSchema = NamedRefSchema.extend({ identifier: z.string().optional() });
export type Assigned = z.infer<typeof AssignedSchema>;

export const PROFILE_REQUIRED = 'Profile is required';

/**
 * The user form's values. Spec 5 names the username and e-mail rules and the taken and pattern messages; the
 * required and length messages it leaves open say what is missing in the words of the forgot-password page
 * (decision 0115).
 */
export const UserFormSchema = z.object({
  userName: z
    .string()
    .trim()
    .min(1, VALIDATION_MESSAGES.forgotPasswordUsernameRequired)
    .max(MAX_LENGTH.username, `A username has at most ${MAX_LENGTH.username} characters`)
    .regex(USER_NAME_PATTERN, USER_NAME_CHARACTERS_MESSAGE),
  emailAddress: z
    .string()
    .trim()
    .min(1, VALIDATION_MESSAGES.forgotPasswordEmailRequired)
    .max(MAX_LENGTH.email, `An email address has at most ${MAX_LENGTH.email} characters`)
    .regex(USER_EMAIL_PATTERN, VALIDATION_MESSAGES.emailPattern),
  profileId: z
    .number()
    .nullable()
    .refine((id) => id !== null, PROFILE_REQUIRED),
  functionalityIds: z.array(z.number()),
  companies: z.array(AssignedSchema),
  sites: z.array(AssignedSchema),
  teams: z.array(AssignedSchema),
  mobileEndPoints: z.array(AssignedSchema),
  broadbandEndPoints: z.array(AssignedSchema),
});
export type UserFormValues = z.input<typeof UserFormSchema>;

export function initialValues(user: User | undefined, profileId: number | null): UserFormValues {
  return {
    userName: user?.userName ?? '',
    emailAddress: user?.emailAddress ?? '',
    profileId: user?.profileId ?? profileId,
    functionalityIds: user?.functionalityIds ?? [],
    companies: user?.companies ?? [],
    sites: user?.sites ?? [],
    teams: user?.teams ?? [],
    mobileEndPoints: user?.mobileEndPoints ?? [],
    broadbandEndPoints: user?.broadbandEndPoints ?? [],
  };
}

/** The save's body: only the lists of the profile hold items (the server refuses the others, decision 0109). */
export function saveBody(
  values: UserFormValues,
  userId: number | undefined,
  lists: readonly UserAssignmentList[],
): UserSave {
  const ids = (list: UserAssignmentList) => (lists.includes(list) ? values[list].map(({ id }) => ({ id })) : []);
  return {
    ...(userId === undefined ? {} : { id: userId }),
    userName: values.userName.trim(),
    emailAddress: values.emailAddress.trim(),
    profileId: values.profileId as number,
    functionalityIds: values.functionalityIds,
    companies: ids('companies'),
    sites: ids('sites'),
    teams: ids('teams'),
    mobileEndPoints: ids('mobileEndPoints'),
    broadbandEndPoints: ids('broadbandEndPoints'),
  };
}
