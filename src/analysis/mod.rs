//! Yixin-Board's analysis commands, the answers a GUI asks for besides a move: balancing stones
//! (`YXBALANCEONE` / `YXBALANCETWO`, [`balance`]) and the moves that still hold against the
//! opponent's threat (`YXSEARCHDEFEND`, [`defend`]). Each is built from short searches or the
//! threat solvers; the protocol runs them under the manager's clock (`protocol::think`).

pub(crate) mod balance;
pub(crate) mod defend;
