import { PageHeader } from '../../../components/ui/page-header';

/** Back (to home or the previous step), the page's h1 and its one-line purpose: the shell's page header. */
export const TradeHeader = PageHeader;
