<?php
/**
 * Plugin Name: WP Rig (local test environment)
 * Description: Tweaks for the offline local rig only: no e-mail, no update checks against WordPress.org.
 *
 * @package WPRig
 */

defined( 'ABSPATH' ) || exit;

// "polylang=on": Polylang's REST shape and PHP API with a few translated demo items (scripts/wp-rig.sh mode).
require_once __DIR__ . '/polylang.php';

// WP_DEBUG stays on (notices and _doing_it_wrong() go to logs/wp-debug.log), but WordPress 6.1's bundled libraries
// raise ~10 PHP 8.2 deprecation notices per request, which would bury everything else.
error_reporting( E_ALL & ~E_DEPRECATED );

// There is no MTA: pretend every e-mail was sent (WordPress 5.7+ honours pre_wp_mail).
add_filter( 'pre_wp_mail', '__return_true' );

// Offline: never check WordPress.org for updates (each check would fail and log a warning).
add_action(
	'init',
	static function () {
		remove_action( 'admin_init', '_maybe_update_core' );
		remove_action( 'admin_init', '_maybe_update_plugins' );
		remove_action( 'admin_init', '_maybe_update_themes' );
		remove_action( 'admin_init', 'wp_maybe_auto_update' );
		remove_action( 'wp_version_check', 'wp_version_check' );
		remove_action( 'wp_update_plugins', 'wp_update_plugins' );
		remove_action( 'wp_update_themes', 'wp_update_themes' );
		foreach ( array( 'load-plugins.php', 'load-update.php', 'load-update-core.php' ) as $screen ) {
			remove_action( $screen, 'wp_update_plugins' );
		}
		foreach ( array( 'load-themes.php', 'load-update.php', 'load-update-core.php' ) as $screen ) {
			remove_action( $screen, 'wp_update_themes' );
		}
	}
);
add_filter( 'admin_email_check_interval', '__return_zero' );

// Cells of the test matrix (scripts/wp-rig.sh mode). With the companion plugin inactive, the site's own post
// types stand in for it as CPT UI or a theme would register them: REST-enabled, no fields.
add_action(
	'init',
	static function () {
		foreach ( (array) get_option( 'wprig_site_types', array() ) as $type ) {
			if ( ! in_array( $type, array( 'reports', 'events' ), true ) || post_type_exists( $type ) ) {
				continue;
			}
			register_post_type(
				$type,
				array(
					'label'        => ucfirst( $type ),
					'public'       => true,
					'show_in_rest' => true,
					'rest_base'    => $type,
					'has_archive'  => true,
					'supports'     => array( 'title', 'editor', 'excerpt', 'thumbnail', 'author' ),
				)
			);
		}
	},
	20
);

// "acf=ids": WordPress with the real ACF plugin and the companion's field groups (raw attachment IDs unless the
// request asks for acf_format=standard); see acf-emulation.php. __DIR__ is this file's real directory (PHP resolves
// the mu-plugins symlink).
if ( 'ids' === get_option( 'wprig_acf' ) ) {
	require __DIR__ . '/acf-emulation.php';
}

// "acf=absent": WordPress without ACF-shaped fields (no `acf` key in any REST answer).
add_action(
	'rest_api_init',
	static function () {
		global $wp_rest_additional_fields;
		if ( 'absent' !== get_option( 'wprig_acf' ) || ! is_array( $wp_rest_additional_fields ) ) {
			return;
		}
		foreach ( array_keys( $wp_rest_additional_fields ) as $object_type ) {
			unset( $wp_rest_additional_fields[ $object_type ]['acf'] );
		}
	},
	PHP_INT_MAX
);
