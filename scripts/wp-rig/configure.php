<?php
/**
 * Post-import settings of the rig.
 *
 *   php configure.php app-password <file>   creates an Application Password for `admin`, writes "admin:<password>"
 *                                             to <file> (mode 600)
 *   php configure.php mode                   switches the rig's cell from WP_RIG_PLUGIN (active|inactive),
 *                                             WP_RIG_PERMALINKS (pretty|plain), WP_RIG_ACF (present|absent|ids),
 *                                             WP_RIG_SITE_TYPES (reports,events | none), WP_RIG_POLYLANG
 *                                             (on|off, polylang.php) and WP_RIG_SEO (none | yoast | rankmath);
 *                                             unset = unchanged;
 *                                             prints the resulting mode
 *   php configure.php webhook                sets the companion plugin's site URL and secret from the environment
 *                                             variables WP_RIG_SITE_URL and WP_RIG_WEBHOOK_SECRET (the secret is
 *                                             never passed on the command line)
 */

require __DIR__ . '/bootstrap.php';
require wprig_wp_load();

wprig_block_http();

$wprig_command = $argv[1] ?? '';

if ( 'app-password' === $wprig_command ) {
	$wprig_file = $argv[2] ?? '';
	if ( '' === $wprig_file ) {
		wprig_fail( 'configure.php app-password: target file missing' );
	}
	$wprig_user = get_user_by( 'login', 'admin' );
	if ( ! $wprig_user ) {
		wprig_fail( 'configure.php: the admin user is missing' );
	}
	if ( ! wp_is_application_passwords_supported() ) {
		wprig_fail( 'configure.php: Application Passwords need HTTPS or WP_ENVIRONMENT_TYPE=local' );
	}
	$wprig_created = WP_Application_Passwords::create_new_application_password( $wprig_user->ID, array( 'name' => 'wp-rig ' . gmdate( 'Y-m-d H:i:s' ) ) );
	if ( is_wp_error( $wprig_created ) ) {
		wprig_fail( 'configure.php: ' . $wprig_created->get_error_message() );
	}
	$wprig_old = umask( 077 );
	$wprig_ok  = false !== file_put_contents( $wprig_file, $wprig_user->user_login . ':' . $wprig_created[0] . "\n" );
	umask( $wprig_old );
	if ( ! $wprig_ok ) {
		wprig_fail( "configure.php: cannot write $wprig_file" );
	}
	chmod( $wprig_file, 0600 );
	echo "application password for {$wprig_user->user_login} written to $wprig_file\n";
	exit( 0 );
}

if ( 'webhook' === $wprig_command ) {
	$wprig_url    = trim( (string) getenv( 'WP_RIG_SITE_URL' ) );
	$wprig_secret = (string) getenv( 'WP_RIG_WEBHOOK_SECRET' );
	if ( '' !== $wprig_url ) {
		$wprig_parts = wp_parse_url( $wprig_url );
		if ( ! is_array( $wprig_parts ) || empty( $wprig_parts['host'] ) || ! in_array( $wprig_parts['scheme'] ?? '', array( 'http', 'https' ), true ) ) {
			wprig_fail( "configure.php: not an http(s) URL: $wprig_url" );
		}
		update_option( 'lrjn_companion_site_url', untrailingslashit( esc_url_raw( $wprig_url, array( 'http', 'https' ) ) ) );
	}
	if ( '' !== $wprig_secret ) {
		update_option( 'lrjn_companion_webhook_secret', $wprig_secret );
	}
	printf(
		"webhook: site URL %s, secret %s\n",
		get_option( 'lrjn_companion_site_url' ) ? get_option( 'lrjn_companion_site_url' ) : '(not set)',
		get_option( 'lrjn_companion_webhook_secret' ) ? 'set (' . strlen( (string) get_option( 'lrjn_companion_webhook_secret' ) ) . ' characters)' : '(not set)'
	);
	exit( 0 );
}

if ( 'mode' === $wprig_command ) {
	require_once ABSPATH . 'wp-admin/includes/plugin.php';
	$wprig_plugin = 'lrjn-companion/lrjn-companion.php';
	$wprig_want   = array(
		'plugin'     => (string) getenv( 'WP_RIG_PLUGIN' ),
		'permalinks' => (string) getenv( 'WP_RIG_PERMALINKS' ),
		'acf'        => (string) getenv( 'WP_RIG_ACF' ),
		'seo'        => (string) getenv( 'WP_RIG_SEO' ),
	);
	$wprig_allowed = array(
		'plugin'     => array( 'active', 'inactive' ),
		'permalinks' => array( 'pretty', 'plain' ),
		'acf'        => array( 'present', 'absent', 'ids' ),
		'seo'        => array( 'none', 'yoast', 'rankmath' ),
	);
	foreach ( $wprig_want as $wprig_key => $wprig_value ) {
		if ( '' !== $wprig_value && ! in_array( $wprig_value, $wprig_allowed[ $wprig_key ], true ) ) {
			wprig_fail( "configure.php mode: $wprig_key must be " . implode( ' or ', $wprig_allowed[ $wprig_key ] ) . " (got '$wprig_value')" );
		}
	}
	if ( 'inactive' === $wprig_want['plugin'] && is_plugin_active( $wprig_plugin ) ) {
		deactivate_plugins( $wprig_plugin, true );
	} elseif ( 'active' === $wprig_want['plugin'] && ! is_plugin_active( $wprig_plugin ) ) {
		$wprig_result = activate_plugin( $wprig_plugin, '', false, true );
		if ( is_wp_error( $wprig_result ) ) {
			wprig_fail( 'configure.php mode: cannot activate lrjn-companion: ' . $wprig_result->get_error_message() );
		}
	}
	// The post types the site itself registers while the companion is inactive (mu-plugin.php), like a charity
	// whose reports and events came from CPT UI or its theme before it installed the companion. "none": stock
	// WordPress with posts and pages only.
	$wprig_types = getenv( 'WP_RIG_SITE_TYPES' );
	if ( false !== $wprig_types ) {
		$wprig_types = 'none' === $wprig_types ? '' : $wprig_types;
		$wprig_types = array_values( array_intersect( array_map( 'trim', explode( ',', $wprig_types ) ), array( 'reports', 'events' ) ) );
		update_option( 'wprig_site_types', $wprig_types );
	} elseif ( false === get_option( 'wprig_site_types' ) ) {
		update_option( 'wprig_site_types', array( 'reports', 'events' ) );
	}
	if ( '' !== $wprig_want['permalinks'] ) {
		update_option( 'permalink_structure', 'plain' === $wprig_want['permalinks'] ? '' : '/%postname%/' );
	}
	if ( '' !== $wprig_want['acf'] ) {
		update_option( 'wprig_acf', $wprig_want['acf'] );
	}
	$wprig_polylang = (string) getenv( 'WP_RIG_POLYLANG' );
	if ( '' !== $wprig_polylang ) {
		if ( ! in_array( $wprig_polylang, array( 'on', 'off' ), true ) ) {
			wprig_fail( "configure.php mode: polylang must be on or off (got '$wprig_polylang')" );
		}
		require_once __DIR__ . '/polylang.php';
		foreach ( wprig_polylang_switch( 'on' === $wprig_polylang ) as $wprig_line ) {
			echo "polylang: $wprig_line\n";
		}
	}
	// What an SEO plugin would add (mu-plugin.php): Yoast's yoast_head_json or Rank Math's getHead route.
	if ( '' !== $wprig_want['seo'] ) {
		update_option( 'wprig_seo', $wprig_want['seo'] );
	}
	// Rebuilt by WordPress on the next request, with the post types and permalink structure in force then.
	delete_option( 'rewrite_rules' );
	printf(
		"mode: plugin=%s permalinks=%s acf=%s site-types=%s polylang=%s seo=%s\n",
		is_plugin_active( $wprig_plugin ) ? 'active' : 'inactive',
		get_option( 'permalink_structure' ) ? 'pretty' : 'plain',
		in_array( get_option( 'wprig_acf' ), array( 'absent', 'ids' ), true ) ? get_option( 'wprig_acf' ) : 'present',
		implode( ',', (array) get_option( 'wprig_site_types', array() ) ) ?: 'none',
		'on' === get_option( 'wprig_polylang' ) ? 'on' : 'off',
		(string) get_option( 'wprig_seo', 'none' )
	);
	exit( 0 );
}

wprig_fail( 'configure.php: usage: configure.php app-password <file> | webhook | mode' );
