/**
 * Field names as the screens label them. Every validation message names its field with these words,
 * so a trader reads "CE Count must be at least 0", never "ce_count must be at least 0".
 */
export const FIELD_LABELS: Record<string, string> = {
  username: 'Username',
  password: 'Password',
  role: 'Role',
  current_password: 'Current Password',
  new_password: 'New Password',
  strategy_id: 'Strategy',
  instrument_id: 'Instrument',
  user_broker_id: 'User Broker',
  user_id: 'User',
  is_active: 'Active',
  is_dummy: 'Mode',
  ce_count: 'CE Count',
  pe_count: 'PE Count',
  start_time: 'Start Time',
  end_time: 'End Time',
  running_status: 'Status',
  rdx_lot_count: 'Lot Count',
  atm_value: 'ATM Value',
  offset_value: 'Offset Value',
  max_loss: 'Max Loss',
  /** The audit log's name for the cap an admin set on a strategy's Max Loss (`admin_max_loss_paise`). */
  admin_max_loss: "Admin's Max Loss cap",
  target_profit: 'Target Profit',
  /** An order's average fill price, as the trader settles it by hand. */
  price: 'Price',
  daily_max_loss: 'Daily Max Loss',
  /** The audit log's name for the cap an admin set on a user's Daily Max Loss (`admin_daily_max_loss_paise`). */
  admin_daily_max_loss: "Admin's Daily Max Loss cap",
  interval: 'Interval',
  egress_proxy_url: 'Egress Proxy',
  egress_bind_address: 'Egress Address',
  registered_ips: 'Registered IPs',
  family_group: 'Family Group',
  source: 'Data Source',
  instrumentToken: 'Instrument',
  instrument_token: 'Instrument Token',
  startDate: 'Start Date',
  endDate: 'End Date',
  name: 'Name',
  lot_size: 'Lot Size',
  ticker: 'Ticker Symbol',
  market_open_time: 'Market Open Time',
  market_close_time: 'Market Close Time',
  timezone: 'Timezone',
  trading_days: 'Trading Days',
  date: 'Date',
  description: 'Description',
  broker_id: 'Broker',
  broker_username: 'Broker Username',
  broker_token: 'Broker Token',
  virtual_capital: 'Virtual Capital',
  api_key: 'API Key',
  api_secret: 'API Secret',
  appcode: 'App Code',
  appCode: 'App Code',
  limit: 'Limit',
  offset: 'Offset',
};

/** The on-screen label of a wire field name (the name itself when the screens do not show it). */
export function labelOf(field: string): string {
  return FIELD_LABELS[field] ?? field;
}
