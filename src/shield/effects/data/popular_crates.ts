/** Widely installed crates and cargo-installed tools (crates.io's most downloaded crates and the best-known
 * `cargo install` binaries, chosen by hand: no download list of crates.io is reachable from this project).
 * Most used first; typosquat checks compare `cargo install`/`cargo add` names with them. */

// deno-fmt-ignore
export const POPULAR_CRATES = `
serde serde_json rust_decimal syn quote proc-macro2 rand libc regex tokio log clap anyhow thiserror bitflags itoa
once_cell lazy_static memchr cfg-if futures hashbrown base64 bytes chrono indexmap parking_lot smallvec
reqwest hyper http url tracing toml uuid either itertools num-traits getrandom ahash sha2 digest
ripgrep fd-find bat exa eza starship zoxide cargo-edit cargo-watch cargo-make cargo-audit cargo-nextest
cargo-expand cargo-outdated cargo-deny cargo-binstall wasm-pack wasm-bindgen-cli tokei hyperfine
just sccache mdbook trunk diesel_cli sqlx-cli sea-orm-cli tauri-cli cross cargo-update bottom
du-dust procs sd tealdeer gitui delta git-delta alacritty nushell helix zellij bacon cargo-llvm-cov
`;
