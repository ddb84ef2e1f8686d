/** The catalogue context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// Loading this entry registers the catalogue's error codes: the seat layouts answer PRESENTATION_NOT_FOUND with them.
import './catalogue.errors';
