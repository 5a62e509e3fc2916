import { type SiteDetail, SiteDetailSchema, siteOperations } from '@portal/contract';
import { callOperation } from '../../api/operations';
import { AdminListPage, type DeleteDialogProps } from '../../components/admin/AdminListPage';
import type { DataTableColumn } from '../../components/data-table';
import { SiteDeleteDialog } from './SiteDeleteDialog';

const SITE_COLUMNS: DataTableColumn<SiteDetail>[] = [
  { field: 'companyName', header: 'Company', sortable: true, filter: 'text', card: 'wide' },
  { field: 'line1', header: 'Address Line 1', sortable: true, filter: 'text', card: 'wide' },
  { field: 'line2', header: 'Address Line 2', sortable: true },
  { field: 'line3', header: 'Address Line 3', sortable: true },
  { field: 'town', header: 'Town', sortable: true, filter: 'text' },
  { field: 'county', header: 'County', sortable: true, filter: 'text' },
  { field: 'postCode', header: 'Post Code', sortable: true, filter: 'text', unbroken: true },
];

// Module-level, so the table's columns are not rebuilt on every render.
const siteName = (site: SiteDetail) => site.name ?? '';
const siteDeleteDialog = ({ row, ...dialog }: DeleteDialogProps<SiteDetail>) => (
  <SiteDeleteDialog site={row} {...dialog} />
);

/** Manage Sites (spec 2.10): Name, Company, Address Line 1 to 3, Town, County, Post Code. */
export function SitesListPage() {
  return (
    <AdminListPage<SiteDetail>
      area="sites"
      operation={siteOperations.list}
      parseRow={SiteDetailSchema.parse}
      // companyId: the delete dialog moves a site's lines only to a site of the same company.
      select={['id', 'name', 'companyId', 'companyName', 'line1', 'line2', 'line3', 'town', 'county', 'postCode']}
      nameField="name"
      nameHeader="Name"
      name={siteName}
      columns={SITE_COLUMNS}
      remove={(id) => callOperation(siteOperations.remove, { params: { id } })}
      deleteDialog={siteDeleteDialog}
      emptyText="There are no sites yet."
    />
  );
}
