<?php
/**
 * Writes the rig's WordPress configuration (no WordPress loaded here):
 *  - <rig config>: the constants of one rig (database socket, URLs, content directory, salts), in its state dir;
 *  - <debian config>: /etc/wordpress/config-wprig.php, the file Debian's wp-config.php loads. It is the same for every
 *    rig and only requires the file named by the WP_RIG_CONFIG_FILE environment variable, so rigs on different
 *    ports and state directories can run side by side.
 * Usage: php write-config.php <rig config> <debian config>   with WP_RIG_STATE, WP_RIG_PORT, WP_RIG_SOCKET set.
 */

if ( PHP_SAPI !== 'cli' || $argc < 3 ) {
	fwrite( STDERR, "usage: php write-config.php <rig config> <debian config>\n" );
	exit( 2 );
}

$state  = getenv( 'WP_RIG_STATE' );
$port   = getenv( 'WP_RIG_PORT' );
$socket = getenv( 'WP_RIG_SOCKET' );
if ( ! $state || ! $port || ! $socket ) {
	fwrite( STDERR, "write-config.php: WP_RIG_STATE, WP_RIG_PORT and WP_RIG_SOCKET are required\n" );
	exit( 2 );
}
$url = 'http://127.0.0.1:' . $port;

$constants = array(
	'DB_NAME'                    => 'wordpress',
	'DB_USER'                    => 'root',
	'DB_PASSWORD'                => '',
	'DB_HOST'                    => 'localhost:' . $socket,
	'DB_CHARSET'                 => 'utf8mb4',
	'DB_COLLATE'                 => '',
	'WP_HOME'                    => $url,
	'WP_SITEURL'                 => $url,
	'WP_CONTENT_DIR'             => $state . '/wp-content',
	'WP_CONTENT_URL'             => $url . '/wp-content',
	'WP_ENVIRONMENT_TYPE'        => 'local',
	'DISABLE_WP_CRON'            => true,
	'WP_HTTP_BLOCK_EXTERNAL'     => true,
	'WP_ACCESSIBLE_HOSTS'        => 'localhost,127.0.0.1',
	'AUTOMATIC_UPDATER_DISABLED' => true,
	'WP_AUTO_UPDATE_CORE'        => false,
	'DISALLOW_FILE_EDIT'         => true,
	'FS_METHOD'                  => 'direct',
	'WP_DEBUG'                   => true,
	'WP_DEBUG_DISPLAY'           => false,
	'WP_DEBUG_LOG'               => $state . '/logs/wp-debug.log',
	'SCRIPT_DEBUG'               => false,
	'WP_POST_REVISIONS'          => 5,
	'WP_MEMORY_LIMIT'            => '256M',
);
foreach ( array( 'AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT' ) as $key ) {
	$constants[ $key ] = bin2hex( random_bytes( 32 ) );
}

$php  = "<?php\n";
$php .= "/*\n * Written by scripts/wp-rig.sh boot for one LRJN local WordPress rig (integration tests only).\n";
$php .= " * Loaded through /etc/wordpress/config-wprig.php (see write-config.php). Recreated on every boot.\n */\n";
foreach ( $constants as $name => $value ) {
	$php .= 'define( ' . var_export( $name, true ) . ', ' . var_export( $value, true ) . " );\n";
}
$php .= "\$table_prefix = 'wp_';\n";
$php .= "@ini_set( 'display_errors', '0' );\n";

/**
 * Writes a file atomically.
 *
 * @param string $target Path.
 * @param string $php    Content.
 */
function wprig_write( $target, $php ) {
	$tmp = $target . '.tmp' . getmypid();
	if ( false === file_put_contents( $tmp, $php ) ) {
		fwrite( STDERR, "write-config.php: cannot write $tmp\n" );
		exit( 1 );
	}
	chmod( $tmp, 0640 );
	if ( ! rename( $tmp, $target ) ) {
		@unlink( $tmp );
		fwrite( STDERR, "write-config.php: cannot move the config into $target\n" );
		exit( 1 );
	}
}

wprig_write( $argv[1], $php );

$dispatcher = <<<'PHP'
<?php
/*
 * Written by scripts/wp-rig.sh (LRJN local WordPress rig, integration tests only). Debian's wp-config.php loads this
 * file when $_SERVER['WORDPRESS_CONFIG'] is 'wprig'; it loads the configuration of the rig that started the process
 * (<state dir>/wp-config-rig.php, named by the WP_RIG_CONFIG_FILE environment variable). Safe to delete.
 */
$wprig_config_file = (string) getenv( 'WP_RIG_CONFIG_FILE' );
if ( '' === $wprig_config_file || '/' !== $wprig_config_file[0] || 'wp-config-rig.php' !== basename( $wprig_config_file ) || ! is_file( $wprig_config_file ) ) {
	header( 'HTTP/1.0 500 Internal Server Error' );
	echo "wp-rig: WP_RIG_CONFIG_FILE does not name a rig configuration (start WordPress with scripts/wp-rig.sh).\n";
	exit( 1 );
}
require $wprig_config_file;

PHP;
wprig_write( $argv[2], $dispatcher );
