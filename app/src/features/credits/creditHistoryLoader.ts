/**
 * The credit history list (docs/behaviour/credits-and-checkin.md#the-ledger): pages of 15, the type
 * filter resets list and page, the next page loads only while more remain; every step is core's
 * (`creditHistoryNext`, `creditHistorySetFilter`, `creditHistoryLoaded`, `creditHistoryFailed`,
 * `creditHistoryPage`). A load failure is only logged and loading stops
 * (docs/behaviour/calls-and-errors.md#the-error-catalogue).
 */
import {
  type CreditHistoryParams,
  type CreditHistoryQuery,
  type CreditHistoryState,
  type CreditHistoryStep,
  type CreditRecord,
  type CreditTypeFilter,
} from "@aivg/core/rules";
import { creditHistoryFailed, creditHistoryInitial, creditHistoryLoaded, creditHistoryNext, creditHistoryPage, creditHistorySetFilter } from "@aivg/core/later";

export interface CreditHistoryView {
  filter: CreditTypeFilter;
  records: CreditRecord[];
  loading: boolean;
}

export type Fetcher = (query: CreditHistoryParams) => Promise<unknown>;

export class CreditHistoryLoader {
  private state: CreditHistoryState;
  private records: CreditRecord[] = [];

  constructor(
    private readonly fetchPage: Fetcher,
    private readonly onChange: (view: CreditHistoryView) => void,
    filter: CreditTypeFilter = "all",
  ) {
    this.state = creditHistoryInitial(filter);
  }

  view(): CreditHistoryView {
    return { filter: this.state.filter, records: this.records, loading: this.state.pending !== null };
  }

  /** Loads the next page when core says one is due (first page, or bottom reached with more left). */
  loadMore(): Promise<void> {
    return this.run(creditHistoryNext(this.state));
  }

  setFilter(filter: CreditTypeFilter): Promise<void> {
    return this.run(creditHistorySetFilter(this.state, filter));
  }

  private async run(step: CreditHistoryStep): Promise<void> {
    this.state = step.state;
    if (step.resetList) this.records = [];
    const query = step.query;
    this.emit();
    if (!query) return;
    try {
      const page = creditHistoryPage(await this.fetchPage(query));
      if (!this.isCurrent(query)) return; // a filter change made this answer stale
      this.records = [...this.records, ...page.records];
      this.state = creditHistoryLoaded(this.state, query, page.received, page.total);
    } catch (error) {
      console.warn("credit history load failed", error);
      if (!this.isCurrent(query)) return;
      this.state = creditHistoryFailed(this.state, query);
    }
    this.emit();
  }

  private isCurrent(query: CreditHistoryQuery): boolean {
    const p = this.state.pending;
    return p !== null && p.type === query.type && p.page === query.page;
  }

  private emit(): void {
    this.onChange(this.view());
  }
}
