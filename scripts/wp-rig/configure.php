<?php
/**
 * Post-import settings of the rig.
 *
 *   php configure.php app-password <file>   creates an Application Password for `admin`, writes "admin:<password>"
 *                                             to <file> (mode 600)
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

wprig_fail( 'configure.php: usage: configure.php app-password <file> | webhook' );
