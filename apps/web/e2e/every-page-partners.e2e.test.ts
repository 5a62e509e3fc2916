import { DEMO_ACCOUNTS } from './support/accounts';
import { everyPageSweep } from './support/every-page-sweep';

everyPageSweep(DEMO_ACCOUNTS.filter((account) => !account.startsWith('acme.')));
