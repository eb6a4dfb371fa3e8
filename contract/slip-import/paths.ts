/** The tip importer's screen: the manifest's share_target sends shared text here (query title, text, url). */
export const SLIP_IMPORT_PATH = '/dashboard/fichas/importar';
