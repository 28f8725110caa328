<?php
/**
 * Shared start of the rig's command-line scripts: makes Debian's wp-config.php pick /etc/wordpress/config-wprig.php
 * (it reads $_SERVER['HTTP_HOST'] unconditionally and honours $_SERVER['WORDPRESS_CONFIG']) and fakes the few
 * request variables WordPress expects. Include it, define any constants, then require wprig_wp_load().
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

$wprig_port = getenv( 'WP_RIG_PORT' ) ?: '8088';
$_SERVER['HTTP_HOST']        = '127.0.0.1:' . $wprig_port;
$_SERVER['SERVER_NAME']      = '127.0.0.1';
$_SERVER['SERVER_PORT']      = $wprig_port;
$_SERVER['REQUEST_URI']      = '/';
$_SERVER['REQUEST_METHOD']   = 'GET';
$_SERVER['REMOTE_ADDR']      = '127.0.0.1';
$_SERVER['SERVER_PROTOCOL']  = 'HTTP/1.1';
$_SERVER['WORDPRESS_CONFIG'] = getenv( 'WP_RIG_CONFIG_NAME' ) ?: 'wprig';

/**
 * Path of wp-load.php.
 */
function wprig_wp_load() {
	return rtrim( getenv( 'WP_RIG_WP_DIR' ) ?: '/usr/share/wordpress', '/' ) . '/wp-load.php';
}

/**
 * Prints a message on stderr and exits.
 *
 * @param string $message Message.
 */
function wprig_fail( $message ) {
	fwrite( STDERR, 'wp-rig: ' . $message . PHP_EOL );
	exit( 1 );
}

/**
 * Blocks all outgoing HTTP from WordPress itself (update checks, loopback tests) while the CLI scripts run.
 */
function wprig_block_http() {
	add_filter(
		'pre_http_request',
		static function () {
			return new WP_Error( 'wprig_offline', 'HTTP is disabled in the wp-rig CLI scripts.' );
		},
		1
	);
}
