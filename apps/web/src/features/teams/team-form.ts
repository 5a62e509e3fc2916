import {
  FIELD_MESSAGES,
  type TeamEndpointRef,
  type TeamListItem,
  type TeamSave,
  TeamSaveSchema,
} from '@portal/contract';
import { z } from 'zod';

/** The team form as typed: the company select holds its id as a string, '' before a choice. */
export interface TeamFormValues {
  name: string;
  companyId: string;
  /** The chosen mobile devices, with their names and numbers for the chips. */
  endPoints: TeamEndpointRef[];
}

export const EMPTY_TEAM_FORM: TeamFormValues = { name: '', companyId: '', endPoints: [] };

/** Spec 5's team rules: the save's name rule (required, at most 100); the company required when shown. */
export function teamFormSchema(companyShown: boolean) {
  return z.object({
    name: TeamSaveSchema.shape.name,
    companyId: companyShown ? z.string().min(1, { error: FIELD_MESSAGES.chooseCompany }) : z.string(),
    endPoints: z.array(z.object({ id: z.number(), name: z.string(), identifier: z.string() })),
  });
}

export function teamFormValues(team: TeamListItem): TeamFormValues {
  return {
    name: team.name ?? '',
    companyId: team.companyId === undefined ? '' : String(team.companyId),
    endPoints: team.endPoints ?? [],
  };
}

export function teamSave(values: TeamFormValues, options: { id?: number; companyId?: number }): TeamSave {
  const companyId = values.companyId === '' ? options.companyId : Number(values.companyId);
  return {
    ...(options.id === undefined ? {} : { id: options.id }),
    name: values.name.trim(),
    ...(companyId === undefined ? {} : { companyId }),
    endPoints: values.endPoints.map((device) => ({ id: device.id })),
  };
}

/**
 * The devices chosen after the table's selection changed to `ids`: those still chosen keep their place, new ones
 * come after in the order picked, described by the rows the table has loaded.
 */
export function chosenDevices(
  current: readonly TeamEndpointRef[],
  ids: readonly (string | number)[],
  loaded: ReadonlyMap<number, TeamEndpointRef>,
): TeamEndpointRef[] {
  const wanted = ids.map(Number);
  const kept = current.filter((device) => wanted.includes(device.id));
  const added = wanted
    .filter((id) => !kept.some((device) => device.id === id))
    .map((id) => loaded.get(id))
    .filter((device): device is TeamEndpointRef => device !== undefined);
  return [...kept, ...added];
}
