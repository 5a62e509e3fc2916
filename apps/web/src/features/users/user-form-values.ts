import { NamedRefSchema, type User, type UserAssignmentList, type UserSave, UserSaveSchema } from '@portal/contract';
import { z } from 'zod';

/** An assigned item as the chips show it: its name, and a device's or contract's number. */
export const AssignedSchema = NamedRefSchema.extend({ identifier: z.string().optional() });
export type Assigned = z.infer<typeof AssignedSchema>;

export const PROFILE_REQUIRED = 'Profile is required';

/**
 * The user form's values: the username and e-mail address are checked by the save's own rules, so the form refuses
 * exactly what the server would (spec 5 names the rules; decision 0115 the words it leaves open).
 */
export const UserFormSchema = z.object({
  userName: UserSaveSchema.shape.userName,
  emailAddress: UserSaveSchema.shape.emailAddress,
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
