import { moduleKit, perm } from './define.ts';

/** routes.md §2.22: tickets from the ticket app, leads and customers from the CRM. */
const tickets = moduleKit({ path: '/tickets', title: 'Tickets.Group', icon: 'chatbubbles-outline', app: 'ticket' });

export const ticketsGroup = tickets.group([
  tickets.page('list', 'Tickets.List', { permissions: [perm('ticket:ticket:read')] }),
  tickets.page('create', 'Tickets.Create', { permissions: [perm('ticket:ticket:create')] }),
  tickets.hidden(':id/process', 'Tickets.Process', { permissions: [perm('ticket:ticket:update')] }),
  tickets.page('issueTypes', 'Tickets.IssueTypes', { permissions: [perm('ticket:issue-type:read')] }),
  // "/task-management (menu)": a menu entry of its own, the ticket app's task board.
  tickets.page('/task-management', 'Tickets.TaskManagement', { permissions: [perm('ticket:task:read')] }),
]);

/**
 * The CRM's pages sit at the top level of the portal's paths (routes.md §2.22); the group's path
 * is only the menu key.
 */
const crm = moduleKit({ path: '/crm', title: 'Crm.Group', icon: 'people-outline', app: 'crm' });

/** Lead report pages under /report/ (the spec's singular). */
const LEAD_REPORTS = [
  ['lead-approaching', 'Crm.ReportLeadApproaching'],
  ['status', 'Crm.ReportStatus'],
  ['time', 'Crm.ReportTime'],
  ['channel', 'Crm.ReportChannel'],
  ['daily', 'Crm.ReportDaily'],
  ['summary', 'Crm.ReportSummary'],
] as const;

export const crmGroup = crm.group([
  crm.page('/file-import-lead', 'Crm.FileImportLead', { permissions: [perm('lead:lead:create:import')] }),
  crm.page('/customers', 'Crm.Customers', { permissions: [perm('lead:customer:read')] }),
  crm.page('/implement/list', 'Crm.ImplementList', { permissions: [perm('lead:implement:read')] }),
  LEAD_REPORTS.map(([rel, title]) => crm.page(`/report/${rel}`, title, { permissions: [perm('lead:report:READ_REPORT')] })),
  crm.page('/timesheet/report', 'Crm.TimesheetReport', { permissions: [perm('lead:timesheet:READ_REPORT')] }),
]);
