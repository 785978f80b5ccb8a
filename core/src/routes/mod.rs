//! The route table, language prefixes, redirects, route metadata and canonical links (spec 01 §2).
