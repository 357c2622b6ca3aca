import type { Migration } from 'kysely';
import * as m0001 from './202611210001_create_users_and_sessions.js';
import * as m0002 from './202611210002_create_brokers.js';
import * as m0003 from './202611210003_create_instruments.js';
import * as m0004 from './202611210004_create_strategies_and_mappings.js';
import * as m0005 from './202611210005_create_rdx_configs.js';
import * as m0006 from './202611210006_create_orders_and_legs.js';
import * as m0007 from './202611210007_create_transactions.js';
import * as m0008 from './202611210008_create_market_data.js';
import * as m0009 from './202611210009_add_order_intent.js';
import * as m0010 from './202611230001_create_login_failures.js';
import * as m0011 from './202611230002_create_candle_claims.js';
import * as m0012 from './202611230003_create_transaction_counts.js';
import * as m0013 from './202611230004_drop_redundant_foreign_keys.js';
import * as m0014 from './202611230005_index_transactions_by_mapping.js';
import * as m0015 from './202611230006_create_position_marks.js';
import * as m0016 from './202611230007_create_market_holidays.js';
import * as m0017 from './202611230008_add_user_broker_api_keys.js';
import * as m0018 from './202611230009_add_transaction_kind.js';
import * as m0019 from './202611230010_add_instrument_market_protection.js';
import * as m0020 from './202611230011_add_mapping_stop_reason.js';
import * as m0023 from './202611230012_add_risk_limits.js';
import * as m0021 from './202611230013_create_audit_log.js';
import * as m0022 from './202611230014_create_alerts.js';
import * as m0024 from './202611230015_add_must_change_password.js';
import * as m0025 from './202611240001_index_only_broker_order_fills.js';
import * as m0026 from './202611260001_leave_room_for_atm_updates.js';
import * as m0027 from './202611260002_find_audit_actors_in_any_case.js';
import * as m0028 from './202611260003_remember_refused_tokens.js';
import * as m0029 from './202611260004_unique_usernames_in_any_case.js';
import * as m0030 from './202611260005_cap_daily_limits_by_admin.js';
import * as m0031 from './202611260006_cap_strategy_max_loss_by_admin.js';
import * as m0032 from './202611260007_check_fill_keys_per_statement.js';
import * as m0033 from './202611260008_fence_position_writes.js';
import * as m0034 from './202611260009_name_order_writers.js';
import * as m0035 from './202611260010_share_order_send_counts.js';
import * as m0036 from './202611270001_room_for_every_atm_update.js';
import * as m1300 from './202611271300_record_mapping_author.js';
import * as m1400 from './202611271400_add_mapping_stop_note.js';
import * as m2000 from './202611272000_create_reconcile_drifts.js';
import * as m2030 from './202611272030_book_fills_per_broker_trade.js';
import * as m2040 from './202611272040_state_paper_fill_prices.js';
import * as m2801 from './202611280100_time_order_writes_on_the_console_clock.js';
import * as m2802 from './202611280200_move_candle_interval_and_fence_to_mappings.js';
import * as m2840 from './202611280400_create_option_candles.js';
import * as m2841 from './202611280401_create_option_quotes.js';
import * as m2850 from './202611280500_create_backtests.js';
import * as m2860 from './202611280600_add_backtest_iv_source.js';
import * as m2861 from './202611280601_number_paper_orders.js';
import * as m2870 from './202611280700_chain_audit_log.js';
import * as m2810 from './202611281000_add_broker_account_egress.js';
import * as m2811 from './202611281100_trace_broker_orders.js';
import * as m2901 from './202611290100_add_paper_account_capital.js';
import * as m2902 from './202611290200_create_signal_tokens.js';
import * as m2903 from './202611290300_add_portfolio_limits.js';
import * as m2904 from './202611290400_create_legs_configs.js';
import * as m2905 from './202611290410_cap_portfolio_limits_by_admin.js';
import * as m2906 from './202611290500_add_legs_memo.js';

/** Forward-only migrations in order; the key is the name recorded in kysely_migration. */
export const migrations: Record<string, Migration> = {
  '202611210001_create_users_and_sessions': m0001,
  '202611210002_create_brokers': m0002,
  '202611210003_create_instruments': m0003,
  '202611210004_create_strategies_and_mappings': m0004,
  '202611210005_create_rdx_configs': m0005,
  '202611210006_create_orders_and_legs': m0006,
  '202611210007_create_transactions': m0007,
  '202611210008_create_market_data': m0008,
  '202611210009_add_order_intent': m0009,
  '202611230001_create_login_failures': m0010,
  '202611230002_create_candle_claims': m0011,
  '202611230003_create_transaction_counts': m0012,
  '202611230004_drop_redundant_foreign_keys': m0013,
  '202611230005_index_transactions_by_mapping': m0014,
  '202611230006_create_position_marks': m0015,
  '202611230007_create_market_holidays': m0016,
  '202611230008_add_user_broker_api_keys': m0017,
  '202611230009_add_transaction_kind': m0018,
  '202611230010_add_instrument_market_protection': m0019,
  '202611230011_add_mapping_stop_reason': m0020,
  '202611230012_add_risk_limits': m0023,
  '202611230013_create_audit_log': m0021,
  '202611230014_create_alerts': m0022,
  '202611230015_add_must_change_password': m0024,
  '202611240001_index_only_broker_order_fills': m0025,
  '202611260001_leave_room_for_atm_updates': m0026,
  '202611260002_find_audit_actors_in_any_case': m0027,
  '202611260003_remember_refused_tokens': m0028,
  '202611260004_unique_usernames_in_any_case': m0029,
  '202611260005_cap_daily_limits_by_admin': m0030,
  '202611260006_cap_strategy_max_loss_by_admin': m0031,
  '202611260007_check_fill_keys_per_statement': m0032,
  '202611260008_fence_position_writes': m0033,
  '202611260009_name_order_writers': m0034,
  '202611260010_share_order_send_counts': m0035,
  '202611270001_room_for_every_atm_update': m0036,
  '202611271300_record_mapping_author': m1300,
  '202611271400_add_mapping_stop_note': m1400,
  '202611272000_create_reconcile_drifts': m2000,
  '202611272030_book_fills_per_broker_trade': m2030,
  '202611272040_state_paper_fill_prices': m2040,
  '202611280100_time_order_writes_on_the_console_clock': m2801,
  '202611280200_move_candle_interval_and_fence_to_mappings': m2802,
  '202611280400_create_option_candles': m2840,
  '202611280401_create_option_quotes': m2841,
  '202611280500_create_backtests': m2850,
  '202611280600_add_backtest_iv_source': m2860,
  '202611280601_number_paper_orders': m2861,
  '202611280700_chain_audit_log': m2870,
  '202611281000_add_broker_account_egress': m2810,
  '202611281100_trace_broker_orders': m2811,
  '202611290100_add_paper_account_capital': m2901,
  '202611290200_create_signal_tokens': m2902,
  '202611290300_add_portfolio_limits': m2903,
  '202611290400_create_legs_configs': m2904,
  '202611290410_cap_portfolio_limits_by_admin': m2905,
  '202611290500_add_legs_memo': m2906,
};
