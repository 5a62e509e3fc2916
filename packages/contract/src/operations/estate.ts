import { z } from 'zod';
import { anyOf } from '../access';
import { odataList } from '../api';
import {
  ChangeEndpointNameSchema,
  ChangeEndpointSiteSchema,
  ChangeEndpointTeamsSchema,
  EndpointDetailSchema,
  EndpointListItemSchema,
} from '../entities/estate';
import { ESTATE_LINE_WRITERS } from '../estate-readers';
import { ODataQuerySchema } from '../odata';
import { operation } from '../operation';
import { idParam } from '../params';

// The caller's mobile devices and broadband contracts: one at a time, as OData lists (`$count=true&$top=0` counts
// them), and the inline edits of the estate tables (docs/decisions/0076).

const EndpointIdParams = z.object({ id: idParam('endpoint') });
const SiteIdParams = z.object({ id: idParam('site') });
const TeamIdParams = z.object({ id: idParam('team') });

/** Whoever sees a line anywhere: an estate table of either kind, or the device and contract pages. */
const readsAnyLine = anyOf(
  'Read',
  'EndPointSummary',
  'MobileUserEstate',
  'MobileSiteEstate',
  'MobileTeamEstate',
  'BroadbandUserEstate',
  'BroadbandSiteEstate',
);
/** The mobile estate page's readers: its site and team cards count devices (spec 2.2, mobile/estate). */
const readsMobileEstate = anyOf('Read', 'MobileUserEstate', 'MobileSiteEstate', 'MobileTeamEstate');
/**
 * Write on any estate code; the service then asks for Write on a code of the line's own kind (mobile or
 * broadband), which the declaration cannot know before the line is read.
 */
const writesAnyEstate = ESTATE_LINE_WRITERS;

export const mobileHandsetsOfUser = operation({
  method: 'GET',
  path: '/api/endpoints/mobileHandset/user',
  summary:
    "The mobile devices of the caller's estate (OData: $select, $filter, $orderby, $top, $skip, $count, $expand=teams)",
  access: anyOf('Read', 'MobileUserEstate'),
  query: ODataQuerySchema,
  response: odataList(EndpointListItemSchema),
});

export const broadbandConnectionsOfUser = operation({
  method: 'GET',
  path: '/api/endpoints/broadbandConnection/user',
  summary: "The broadband contracts of the caller's estate (OData: $select, $filter, $orderby, $top, $skip, $count)",
  access: anyOf('Read', 'BroadbandUserEstate'),
  query: ODataQuerySchema,
  response: odataList(EndpointListItemSchema),
});

export const mobileHandsetsOfSite = operation({
  method: 'GET',
  path: '/api/endpoints/mobileHandset/site/:id',
  summary: "The mobile devices on a site of the caller's estate (OData, as /mobileHandset/user)",
  access: readsMobileEstate,
  params: SiteIdParams,
  query: ODataQuerySchema,
  response: odataList(EndpointListItemSchema),
});

export const mobileHandsetsOfTeam = operation({
  method: 'GET',
  path: '/api/endpoints/mobileHandset/team/:id',
  summary: "The mobile devices in a team of the caller's estate (OData, as /mobileHandset/user)",
  access: readsMobileEstate,
  params: TeamIdParams,
  query: ODataQuerySchema,
  response: odataList(EndpointListItemSchema),
});

export const broadbandConnectionsOfSite = operation({
  method: 'GET',
  path: '/api/endpoints/broadbandConnection/site/:id',
  summary: "The broadband contracts on a site of the caller's estate (OData, as /broadbandConnection/user)",
  access: anyOf('Read', 'BroadbandUserEstate', 'BroadbandSiteEstate'),
  params: SiteIdParams,
  query: ODataQuerySchema,
  response: odataList(EndpointListItemSchema),
});

export const list = operation({
  method: 'GET',
  path: '/api/endpoints',
  summary:
    "The lines of the caller's estate, of both kinds (OData: $select, $filter such as identifier eq '07700900123', $orderby, $top, $skip, $count)",
  access: readsAnyLine,
  query: ODataQuerySchema,
  response: odataList(EndpointListItemSchema),
});

export const get = operation({
  method: 'GET',
  path: '/api/endpoints/:id',
  summary: "A line of the caller's estate with its site, teams, product and supplier",
  access: readsAnyLine,
  params: EndpointIdParams,
  response: EndpointDetailSchema,
});

const EDIT_RULES =
  'Needs Write on an estate code of the line’s kind (mobile or broadband); a site or team outside the estate answers 404';

export const changeName = operation({
  method: 'PUT',
  path: '/api/endpoints/:id/changeName',
  summary: `Rename a line. ${EDIT_RULES}`,
  access: writesAnyEstate,
  params: EndpointIdParams,
  body: ChangeEndpointNameSchema,
  response: EndpointDetailSchema,
});

export const changeSite = operation({
  method: 'PUT',
  path: '/api/endpoints/:id/changeSite',
  summary: `Move a line to another site of its company. ${EDIT_RULES}`,
  access: writesAnyEstate,
  params: EndpointIdParams,
  body: ChangeEndpointSiteSchema,
  response: EndpointDetailSchema,
});

export const changeTeams = operation({
  method: 'PUT',
  path: '/api/endpoints/:id/changeTeams',
  summary: `Set the teams of a mobile device, among those of its company the caller sees. ${EDIT_RULES}`,
  access: writesAnyEstate,
  params: EndpointIdParams,
  body: ChangeEndpointTeamsSchema,
  response: EndpointDetailSchema,
});
