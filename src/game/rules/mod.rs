//! Rule families beyond moving pieces, one file each: the compiled (flat)
//! tables a variant carries for the family and the small position hooks
//! that apply them. A variant that does not use a family carries `None`
//! and pays one predictable branch at most.

pub mod drops;
pub mod promotion;
