/** User-facing strings of SPEC §5 and §8, kept in one place so UI and server agree. */
export const MSG = {
  loginFailed: 'Login failed',
  /** The login page, after the server ended this tab's session (signed out elsewhere, password changed). */
  sessionEnded: 'Your session has ended. Please sign in again.',
  tokenVerificationFailed: 'Token verification failed',
  noToken: 'No token found',
  noAuthToken: 'No authentication token found',
  invalidCredentials: 'Invalid username or password',
  sessionExpired: 'Session expired or revoked',
  adminOnly: 'Admin access required',
  tooManyLogins: 'Too many failed login attempts. Try again later.',

  failedFetchUsers: 'Failed to fetch users',
  failedCreateUser: 'Failed to create user',
  failedDeleteUser: 'Failed to delete user',
  confirmDeleteUser: 'Are you sure you want to delete this user?',
  usernameTaken: 'Username already exists',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotRemoveLastAdmin: 'At least one admin must remain',
  // Deleting a trading user would take their open positions' records with them (not in SPEC).
  userStillTrading:
    'This user still trades: stop their strategies and exit their open positions first (deleting a user also deletes their transactions)',
  alreadyExists: 'This record already exists',
  // Passwords (profile and admin reset; not in SPEC)
  wrongCurrentPassword: 'Current Password is incorrect',
  passwordChanged: 'Password changed. Other sessions have been signed out.',
  failedChangePassword: 'Failed to change password',
  passwordReset: 'Password reset. The user must sign in again, then choose their own password.',
  failedResetPassword: 'Failed to reset password',
  // Password policy (issue 14): on create, reset and change; the first-start admin's forced change
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooCommon: 'This password is too common; choose another',
  passwordMustDiffer: 'New Password must differ from the current one',
  passwordChangeRequired: 'Change your password before you continue',

  // Brokers
  failedGenerateKiteToken: 'Failed to generate Kite token',
  failedFetchBrokers: 'Failed to fetch brokers',
  failedFetchUserBrokers: 'Failed to fetch user brokers',
  failedCreateUserBroker: 'Failed to create user broker configuration',
  failedUpdateUserBroker: 'Failed to update user broker configuration',
  failedDeleteUserBroker: 'Failed to delete user broker configuration',
  failedGenerateBrokerToken: 'Failed to generate broker token',
  failedLoadUserBrokersForEditing: 'Failed to load user brokers for editing',
  passwordAndAppCodeRequired: 'Password and app code are required',
  appCodeRequired: 'App Code is required',
  kiteTokenGenerated: 'Kite access token generated successfully!',
  confirmDeleteBroker: 'Are you sure you want to delete this broker configuration?',
  brokerInUse: 'This broker configuration is used by a strategy mapping; remove the mapping first',
  brokerAccountExists: 'This broker account is already configured',
  kiteAppPair: 'API Key and API Secret go together: enter both, or leave both empty',
  brokerUsernameForm: 'Broker Username is your Zerodha user ID (letters and digits, like AB1234)',
  // Broker configuration screen (not in SPEC; kept here so tests and UI agree)
  brokerConfigCreated: 'Broker configuration added',
  brokerConfigUpdated: 'Broker configuration updated',
  brokerConfigDeleted: 'Broker configuration deleted',
  brokerTokenGenerated: 'Broker token generated successfully',
  noUserBrokers: 'No broker configurations yet.',

  // Mappings and strategies
  failedLoadData: 'Failed to load data',
  failedCreateMapping: 'Failed to create mapping',
  failedUpdateMapping: 'Failed to update mapping',
  failedDeleteMapping: 'Failed to delete mapping',
  failedFetchActiveStrategies: 'Failed to fetch active strategies',
  failedPauseStrategy: 'Failed to pause strategy',
  failedResumeStrategy: 'Failed to resume strategy',
  failedRealignStrategy: 'Failed to realign strategy',
  failedExitStrategy: 'Failed to exit strategy',
  failedLoadUnsettledOrders: 'Failed to load the orders to settle',
  failedSettleOrder: 'Failed to settle the order',
  bothTimesOrNeither: 'Please provide both Start Time and End Time, or leave both empty.',
  endAfterStart: 'End Time must be later than Start Time.',
  selectUserBroker: 'Please select a user broker',
  confirmDeleteMapping: 'Are you sure you want to delete this strategy mapping?',
  mappingRunning: 'Exit the strategy before deleting its mapping',
  exitBeforeChangingPosition: 'Exit the strategy before changing its strategy, instrument, broker or mode',
  exitBeforeDeactivating:
    'Exit the strategy before making it inactive: Home lists active strategies only, so its legs and Exit would be hidden',
  notRunning: 'Strategy is not running',
  notPaused: 'Strategy is not paused',
  killSwitchEngaged: 'The kill switch is engaged: no strategy starts, resumes or realigns until an admin releases it',
  // A limit already crossed today: starting would only enter and be stopped again at once (issue 13).
  maxLossReachedToday:
    "This strategy's P&L today is at its Max Loss: raise or clear the limit to start it again before tomorrow",
  targetProfitReachedToday:
    "This strategy's P&L today is at its Target Profit: raise or clear the limit to start it again before tomorrow",
  dailyMaxLossReachedToday:
    'Your P&L today is at your daily max loss: raise or clear it on Profile to start a strategy before tomorrow',
  // The same where the limit is an admin's cap, which only an admin can raise.
  maxLossCapReachedToday:
    "This strategy's P&L today is at the Max Loss an admin set: it can start again tomorrow, or today if an admin raises the limit",
  dailyMaxLossCapReachedToday:
    'Your P&L today is at the daily max loss an admin set: strategies can start again tomorrow, or today if an admin raises the limit',
  // Mapping screens and Active Strategies table (not in SPEC)
  selectUser: 'Please select a user',
  mappingCreated: 'Strategy mapping created',
  mappingUpdated: 'Strategy mapping updated',
  mappingDeleted: 'Strategy mapping deleted',
  noMappings: 'No strategy mappings yet.',
  noActiveStrategies: 'No active strategies.',
  confirmExitStrategy: 'Exit this strategy? All open positions will be squared off.',
  failedStartStrategy: 'Failed to start strategy',
  rdxServiceStoppedBanner: 'The RDX service is stopped: strategies will not trade until an admin starts the service.',
  liveWithoutToken:
    'This broker account has no access token, so a LIVE strategy on it cannot trade. Generate a token on the Profile page first.',
  confirmSaveLiveWithoutToken:
    'This broker account has no access token, so the LIVE strategy will not trade until you generate one on the Profile page. Save it anyway?',
  configureRdxFirst: 'Configure RDX for this strategy first',
  inactiveCannotStart: 'This strategy is inactive; set Active to Yes before starting it',
  noBrokerToken: 'The broker account has no access token: generate one on the Profile page',
  brokerTokenExpired: 'The broker access token expired at 06:00 IST: generate a new one on the Profile page',
  brokerTokenRefused: 'Kite refused the broker access token: generate a new one on the Profile page',
  alreadyRunning: 'Strategy is already running',
  paperAccountIsPaperOnly: 'A Paper account trades on paper only: choose a broker account to trade live',
  paperAccountNeedsCapital: 'Virtual Capital is required for a Paper account',
  capitalIsForPaper: 'Virtual Capital is for Paper accounts only',
  paperStaysPaper: 'An account cannot move between Paper and a broker: add a new account instead',
  paperAccountReachesNoBroker:
    'A Paper account never reaches a broker: it takes no token, API key, proxy or registered IPs',

  // RDX
  failedSaveRdxConfig: 'Failed to save RDX configuration',
  failedDeleteRdxConfig: 'Failed to delete RDX configuration',
  failedFetchStatus: 'Failed to fetch status',
  failedStartRdx: 'Failed to start RDX service',
  failedStopRdx: 'Failed to stop RDX service',
  rdxStarted: 'RDX strategy service started successfully',
  rdxStopped: 'RDX strategy service stopped successfully',
  confirmDeleteRdxConfig: 'Are you sure you want to delete this RDX configuration?',
  rdxOnlyForRdx: 'RDX configuration applies only to RDX strategy mappings',
  rdxConfigExists: 'RDX configuration already exists for this mapping',
  noStrategyType: 'This strategy has no settings the console can keep: no strategy type trades it',
  // RDX configuration modal (not in SPEC)
  failedLoadRdxConfig: 'Failed to load RDX configuration',
  rdxConfigNotFound: 'No RDX configuration found for this strategy.',
  rdxConfigSaved: 'RDX configuration saved',
  rdxConfigDeleted: 'RDX configuration deleted',

  // Transactions
  failedLoadTransactions: 'Failed to load transactions',
  failedRefreshTransactions: 'Failed to refresh transactions',
  noTransactionData: 'No transaction data received',
  noTransactionSummary: 'No transaction summary data received',
  noTransactions: 'No transactions yet.',

  // Scheduling
  failedFetchScheduling: 'Failed to fetch scheduling status',
  failedEnableScheduling: 'Failed to enable scheduling',
  failedDisableScheduling: 'Failed to disable scheduling',
  // Admin console texts SPEC leaves open (admin-ui)
  schedulingEnabled: 'Auto-scheduling enabled',
  schedulingDisabled: 'Auto-scheduling disabled',

  // Live data
  failedLoadLiveConfigs: 'Failed to load live data configurations',
  failedAddLiveConfig: 'Failed to add live data configuration',
  failedUpdateLiveConfig: 'Failed to update live data configuration',
  failedDeleteLiveConfig: 'Failed to delete live data configuration',
  networkErrorFetching: 'Network error occurred while fetching data',
  liveConfigExists: 'This live data configuration already exists',
  confirmDeleteLiveConfig: 'Are you sure you want to delete this live data configuration?',
  noLiveConfigs: 'No live data configurations found.',
  loadingLiveConfigs: 'Loading live data configurations...',
  fillAllFieldsForConfig: 'Please fill in all fields before adding configuration',
  fillFollowingFields: 'Please fill in the following fields: ',
  configAdded: 'Configuration added successfully!',
  failedAddConfigTryAgain: 'Failed to add configuration. Please try again.',
  failedDeleteConfigTryAgain: 'Failed to delete configuration. Please try again.',
  failedSyncHistoricalTryAgain: 'Failed to sync historical data. Please try again.',
  // Admin console texts SPEC leaves open (admin-ui)
  liveConfigUpdated: 'Configuration updated successfully!',
  liveConfigDeleted: 'Configuration deleted successfully!',
  liveSyncStarted: 'Live sync started',
  liveSyncStopped: 'Live sync stopped',
  failedStartLiveSync: 'Failed to start live sync',
  failedStopLiveSync: 'Failed to stop live sync',
  failedLoadCandles: 'Failed to load candles',
  noCandles: 'No candles stored for this selection yet. Fetch historical data to fill the chart.',

  // Instruments
  failedLoadInstruments: 'Failed to load instruments',
  failedCreateInstrument: 'Failed to create instrument',
  failedUpdateInstrument: 'Failed to update instrument',
  failedDeleteInstrument: 'Failed to delete instrument',
  confirmDeleteInstrument: 'Are you sure you want to delete this instrument?',
  instrumentTokenTaken: 'An instrument with this token already exists',
  instrumentInUse: 'This instrument is used by a strategy mapping; remove the mapping first',
  // Admin console texts SPEC leaves open (admin-ui)
  instrumentCreated: 'Instrument created',
  instrumentUpdated: 'Instrument updated',
  instrumentDeleted: 'Instrument deleted',
  // Sign-in locks (issue 27): the users tab's lock column and Unlock
  userUnlocked: 'Sign-in unlocked',
  failedUnlockUser: 'Failed to unlock user',

  // Strategy mappings (issue 27)
  atLeastOneLeg: 'At least one of CE Count and PE Count must be 1 or more: a strategy with 0 CE and 0 PE never trades',

  // Issue 27: matching the console to the broker by hand
  failedMatchBroker: 'Failed to match the broker',
} as const;

/** SPEC §8 success texts that carry numbers. */
/** A new name equal to an existing one but for letter case ("Admin" beside "admin"). */
export const usernameTakenOtherCase = (existing: string) =>
  `Username already exists as ${existing}: names differing only in capital letters are not allowed`;

export const historicalSyncDone = (n: number) => `Historical data sync completed successfully! ${n} records processed.`;
/** SPEC's fetch success text, with how many of the fetched candles were new. */
export const fetchedRecords = (fetched: number, source: string, inserted: number) =>
  `Successfully fetched ${fetched.toLocaleString('en-IN')} records from ${source} (${inserted.toLocaleString('en-IN')} new)`;
/** Manual Realign when the legs already sit where a realign would put them. */
export const realignNothingToDo = (atmRupees: number) =>
  `Already centred on ATM ${atmRupees.toLocaleString('en-IN')}: nothing to realign`;

const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;
/** A username with too many failed sign-ins (issue 27): its wrong passwords are refused for a while. */
export const tooManyLoginsForUser = (waitMinutes: number) =>
  `Too many failed login attempts. Try again in ${minutes(waitMinutes)}, or ask an admin to unlock your account.`;
/** An address with too many failed sign-ins: refused outright for a while (never named: it may be a shop's). */
export const tooManyLoginsFromNetwork = (waitMinutes: number) =>
  `Too many failed login attempts from this network. Try again in ${minutes(waitMinutes)}.`;

/** A portfolio cap crossed now, as a Start's refusal names it (issue 34 item 4): figures already in words. */
export interface PortfolioCapReached {
  /** "net delta", "net vega", "margin used". */
  name: string;
  /** The figure now, as the trader reads it: "−412.5", "−₹1,786.54". */
  figure: string;
  /** The cap that binds: "300", "₹1,500.00". */
  cap: string;
  /** The binding cap is the one an admin set: the trader cannot raise it, so the refusal does not say to. */
  isAdminCap: boolean;
}

/**
 * Why a Start or Resume is refused while the user's portfolio is beyond a cap: started, the strategy would only
 * be refused its entries (or squared off again with Reduce on breach). "Net delta is 412 against your cap of
 * 300; reduce exposure or raise the cap first".
 */
export function portfolioCapReachedStart(caps: readonly PortfolioCapReached[]): string {
  const parts = caps.map(
    (c) =>
      `${c.name} is ${c.figure} against ${c.isAdminCap ? `the cap of ${c.cap} an admin set` : `your cap of ${c.cap}`}`,
  );
  const said = parts.join(' and ');
  const sentence = said.charAt(0).toUpperCase() + said.slice(1);
  const plural = caps.length > 1;
  const then = caps.every((c) => c.isAdminCap)
    ? `reduce exposure first (only an admin can raise ${plural ? 'these caps' : 'that cap'})`
    : `reduce exposure or raise the ${plural ? 'caps' : 'cap'} first`;
  return `${sentence}; ${then}`;
}
