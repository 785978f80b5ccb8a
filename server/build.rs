//! The SQL migrations are embedded at compile time (`sqlx::migrate!` in `db.rs`): a new or
//! changed file under `migrations/` must rebuild the crate, which cargo does not know by itself.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
