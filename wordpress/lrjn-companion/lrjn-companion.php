<?php
/**
 * Plugin Name:       LRJN Companion
 * Description:       Content types, ACF-compatible REST fields and on-demand revalidation webhooks for the Leeds Racial Justice Network website (headless Next.js front end).
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      8.0
 * Author:            Leeds Racial Justice Network
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       lrjn-companion
 * Domain Path:       /languages
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

define( 'LRJN_COMPANION_VERSION', '1.0.0' );
define( 'LRJN_COMPANION_FILE', __FILE__ );
define( 'LRJN_COMPANION_DIR', __DIR__ );

require_once __DIR__ . '/includes/content-types.php';
require_once __DIR__ . '/includes/acf-fields.php';
require_once __DIR__ . '/includes/acf-field-groups.php';
require_once __DIR__ . '/includes/meta-boxes.php';
require_once __DIR__ . '/includes/webhook.php';
require_once __DIR__ . '/includes/settings.php';
require_once __DIR__ . '/includes/rest.php';
require_once __DIR__ . '/includes/polylang.php';
require_once __DIR__ . '/includes/preview.php';
require_once __DIR__ . '/includes/front-end.php';
require_once __DIR__ . '/includes/refresh-all.php';
require_once __DIR__ . '/includes/menus.php';
require_once __DIR__ . '/includes/redirects.php';
require_once __DIR__ . '/includes/hero.php';
require_once __DIR__ . '/includes/figures.php';

/**
 * Translations shipped in /languages (WordPress.org language packs are loaded automatically).
 */
function lrjn_companion_load_textdomain() {
	load_plugin_textdomain( 'lrjn-companion', false, dirname( plugin_basename( LRJN_COMPANION_FILE ) ) . '/languages' );
}
add_action( 'init', 'lrjn_companion_load_textdomain', 0 );

/**
 * Register the content types before flushing so their permalinks exist straight away.
 */
function lrjn_companion_activate() {
	lrjn_companion_register_content_types();
	flush_rewrite_rules( false );
}
register_activation_hook( __FILE__, 'lrjn_companion_activate' );

function lrjn_companion_deactivate() {
	wp_clear_scheduled_hook( 'lrjn_companion_retry_webhook' );
	flush_rewrite_rules( false );
}
register_deactivation_hook( __FILE__, 'lrjn_companion_deactivate' );
