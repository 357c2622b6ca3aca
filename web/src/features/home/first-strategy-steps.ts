/*
 * The three steps to a first strategy (issue 32 item 6), shown on an empty Home: what to do, where, and which
 * is done already. Pure.
 */

export interface FirstStep {
  title: string;
  detail: string;
  isDone: boolean;
  /** The Home view where the step is done, when it is another view. */
  view: 'profile' | 'strategies' | null;
}

export function firstStrategySteps(hasAccount: boolean, hasStrategy: boolean): FirstStep[] {
  return [
    {
      title: 'Add a broker account',
      detail: 'On Profile, add your Zerodha account. Paper trading needs no token; live trading needs one.',
      isDone: hasAccount,
      view: 'profile',
    },
    {
      title: 'Create a strategy',
      detail: 'On Strategies, choose the instrument and the account, and Paper to trade without money first.',
      isDone: hasStrategy,
      view: 'strategies',
    },
    {
      title: 'Configure and start it',
      detail: 'Here in Active Strategies, set its RDX settings and press Start: it trades from the next candle close.',
      isDone: false,
      view: null,
    },
  ];
}
