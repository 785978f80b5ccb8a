//! Credit history: record normalisation and paging (spec 02 §3, §5, §9).
