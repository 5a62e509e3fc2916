// Must stay first: see zod-config.ts.
import './zod-config';

export * from './api';
export * from './auth-api';
export * from './carriers';
export * from './entities/auth';
export * from './entities/banner-message';
export * from './entities/broadband-history';
export * from './entities/contracts';
export * from './entities/diagnostics';
export * from './entities/estate';
export * from './entities/help-and-search';
export * from './entities/invoices';
export * from './entities/mobile';
export * from './entities/orders';
export * from './entities/partners';
export * from './entities/users';
export * from './limits';
export * from './messages';
export * from './odata';
export * from './permissions';
export * from './primitives';
export * from './routes';
export * from './search-links';
export * from './side-menu';
export * from './statuses';
export * from './timings';
export * from './validation';
